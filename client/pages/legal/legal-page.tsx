/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section className="section container">
      <h1>Page légale</h1>
    </section>
  );
}
