/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section className="section container">
      <h1>Produit</h1>
    </section>
  );
}
