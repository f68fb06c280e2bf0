/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section className="section container">
      <h1>Portfolio</h1>
    </section>
  );
}
