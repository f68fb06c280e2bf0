/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section className="section container">
      <h1>À propos</h1>
    </section>
  );
}
