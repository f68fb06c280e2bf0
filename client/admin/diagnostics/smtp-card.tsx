import { ServiceCheckCard } from './service-check-card';

/**
 * The SMTP card of the system diagnostic: joins the server of SMTP_URL and says hello,
 * never sends a mail (GET /api/diagnostic/smtp, server/features/diagnostics/smtp-check.ts).
 */
export function SmtpCard() {
  return (
    <ServiceCheckCard
      path="/diagnostic/smtp"
      texts={{
        title: "Serveur d'envoi (SMTP)",
        button: 'Tester la connexion',
        idle: 'Cliquez sur « Tester la connexion » pour joindre le serveur SMTP.',
        loading: 'Connexion au serveur SMTP...',
        failure: 'Impossible de récupérer le diagnostic SMTP',
      }}
    />
  );
}
