import { useCallback, useState } from 'react';
import { ROLE_LABELS, type Role } from '#shared/roles';
import type { StaffUser } from '#shared/schemas/auth';
import { adminApi, ConfirmDialog, failureText, isSessionEnd, toast } from '#client/admin/kit';
import { USERS_BASE } from './users-query';

/** The change a row asked for, waiting for its confirmation. */
export type UserAction =
  | { kind: 'role'; user: StaffUser; role: Role }
  | { kind: 'deactivate'; user: StaffUser }
  | { kind: 'reactivate'; user: StaffUser }
  | { kind: 'invite'; user: StaffUser };

interface Wording {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  done: string;
}

function wording(action: UserAction): Wording {
  const { user } = action;
  switch (action.kind) {
    case 'role':
      return {
        title: 'Changer le rôle',
        description: `${user.name} passera de « ${ROLE_LABELS[user.role as Role] ?? user.role} » à « ${ROLE_LABELS[action.role]} » : ses écrans et ses droits changent dès son prochain geste.`,
        confirmLabel: 'Changer le rôle',
        done: `${user.name} est maintenant « ${ROLE_LABELS[action.role]} ».`,
      };
    case 'deactivate':
      return {
        title: 'Désactiver le compte',
        description: `${user.name} sera déconnecté immédiatement, sur tous ses appareils, et ne pourra plus se connecter. Ses données et ce qu'il a fait restent en place ; vous pourrez réactiver le compte.`,
        confirmLabel: 'Désactiver',
        destructive: true,
        done: `Le compte de ${user.name} est désactivé : ses sessions sont fermées.`,
      };
    case 'reactivate':
      return {
        title: 'Réactiver le compte',
        description: `${user.name} pourra de nouveau se connecter avec son mot de passe.`,
        confirmLabel: 'Réactiver',
        done: `Le compte de ${user.name} est réactivé.`,
      };
    case 'invite':
      return {
        title: "Renvoyer l'invitation",
        description: `Un nouveau lien sera envoyé à ${user.email} ; le lien envoyé avant ne fonctionnera plus.`,
        confirmLabel: 'Renvoyer',
        done: `Une nouvelle invitation a été envoyée à ${user.email}.`,
      };
  }
}

function send(action: UserAction): Promise<unknown> {
  const path = `${USERS_BASE}/${action.user.id}`;
  switch (action.kind) {
    case 'role':
      return adminApi(path, { method: 'PATCH', json: { role: action.role } });
    case 'deactivate':
      return adminApi(path, { method: 'PATCH', json: { active: false } });
    case 'reactivate':
      return adminApi(path, { method: 'PATCH', json: { active: true } });
    case 'invite':
      return adminApi(`${path}/invitation`, { method: 'POST' });
  }
}

/**
 * A row's changes (role, deactivation, reactivation, a new invitation): each asks first,
 * then sends, toasts and reloads the list. A refusal is toasted in the API's words (the
 * last administrator's 409 included).
 */
export function useUserActions(onDone: () => void) {
  const [asked, setAsked] = useState<UserAction | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useCallback((action: UserAction) => setAsked(action), []);

  const confirm = async () => {
    if (!asked) return;
    const words = wording(asked);
    setBusy(true);
    try {
      await send(asked);
      toast({
        title: asked.kind === 'invite' ? 'Invitation envoyée' : 'Utilisateur mis à jour',
        description: words.done,
      });
      setAsked(null);
      onDone();
    } catch (error) {
      setAsked(null);
      if (!isSessionEnd(error))
        toast({
          title: 'Erreur',
          description: failureText(error, "Une erreur s'est produite. Veuillez réessayer."),
          variant: 'destructive',
        });
    } finally {
      setBusy(false);
    }
  };

  const words = asked ? wording(asked) : null;
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={words?.title ?? ''}
      description={words?.description}
      confirmLabel={words?.confirmLabel}
      destructive={words?.destructive}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setAsked(null)}
    />
  );
  return { ask, dialog };
}
