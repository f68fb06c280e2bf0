/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section className="section container">
      <h1>Catalogue</h1>
    </section>
  );
}
