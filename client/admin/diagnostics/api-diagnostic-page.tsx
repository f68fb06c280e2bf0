/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Diagnostic de l'API</h1>
    </section>
  );
}
