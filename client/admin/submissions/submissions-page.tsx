/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Soumissions de projets</h1>
    </section>
  );
}
