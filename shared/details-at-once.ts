/**
 * The catalogue's 'Détails' before its island (docs/decisions/0047-details-before-the-island.md).
 *
 * On a cheap phone on slow mobile data the island's script arrives seconds after the cards
 * show, and a tap on 'Détails' waited for it. This script, inline after the catalogue, opens
 * the page's one empty window (DETAILS_DIALOG_ID) at once, filled from the tapped card's own
 * image, name, price with its euro amount, stock and full description, with a link to the
 * product's page (where the order form is) and 'Fermer' (a method="dialog" form: no script).
 * The title takes the focus, never a field (a phone's keyboard would cover the window).
 *
 * It only answers the server's 'Détails' links: once hydrated, the island's buttons open
 * its own window. The click goes on to first-use.ts, which holds it and replays it once the
 * island is ready: the island then closes this window and opens its own, order form and all
 * (catalogue-browser.tsx). Closed by 'Fermer' or Escape, the focus goes back to the card's
 * 'Détails', whichever element it is by then, unless the island's window has taken over.
 *
 * Plain JavaScript as sent; the Content-Security-Policy of the page that carries it allows
 * it by its hash (allowDetailsScript in server/http/security.ts), never 'unsafe-inline'.
 */
import { DETAILS_DIALOG_ID } from './details-dialog-id';

export { DETAILS_DIALOG_ID };

export const DETAILS_SCRIPT = `(()=>{const d=document.getElementById('${DETAILS_DIALOG_ID}'),b=d.firstElementChild,l=d.querySelector('a');let c;d.addEventListener('close',()=>document.querySelector(':modal')||c.querySelector('.card-action').focus());document.querySelector('[data-island=catalogue-browser]').addEventListener('click',e=>{const a=e.target.closest('a.card-action');if(!a||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;e.preventDefault();c=a.closest('.card');const h=document.createElement('h2');h.id='${DETAILS_DIALOG_ID}-titre';h.tabIndex=-1;h.textContent=c.querySelector('h3').textContent;b.replaceChildren(h,...[...c.querySelectorAll('img,.price,.stock,.clamp-2')].map(n=>n.cloneNode(!0)));const i=b.querySelector('img');if(i)b.prepend(i),i.className='dialog-image';b.querySelector('.clamp-2').className='';l.href=a.href;d.showModal();h.focus()},!0)})()`;
