/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Projet</h1>
    </section>
  );
}
