/**
 * The one 'Supprimer' of a row or an item (lists, the messages inbox, site updates): a quiet
 * red text button, not a filled one, so the list reads as its content and its 'Modifier'
 * rather than as a column of alarms; it only asks (useDelete's confirmation dialog, where
 * the filled red button lives). `what` names the item for screen readers ('Supprimer
 * Ciment', 'Supprimer le message de Awa Dossou'); the visible text stays 'Supprimer'.
 * `refusal` says why the item cannot be deleted (a category holding products): the button
 * is then greyed and asks nothing, the reason as its tooltip and its description, still
 * reachable by the keyboard so the reason is heard before anything is confirmed.
 */
export function DeleteButton({
  what,
  onClick,
  refusal,
}: {
  what: string;
  onClick: () => void;
  refusal?: string | null | undefined;
}) {
  return (
    <button
      type="button"
      className="btn btn-small btn-delete"
      onClick={refusal ? undefined : onClick}
      aria-label={`Supprimer ${what}`}
      {...(refusal ? { 'aria-disabled': true, 'aria-description': refusal, title: refusal } : {})}
    >
      Supprimer
    </button>
  );
}
