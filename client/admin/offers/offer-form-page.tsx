/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Ajouter une nouvelle offre</h1>
    </section>
  );
}
