/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Produits</h1>
    </section>
  );
}
