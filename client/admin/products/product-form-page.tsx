/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Ajouter un nouveau produit</h1>
    </section>
  );
}
