/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Catégorie</h1>
    </section>
  );
}
