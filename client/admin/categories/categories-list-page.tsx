/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Catégories</h1>
    </section>
  );
}
