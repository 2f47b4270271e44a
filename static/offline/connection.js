// The connection: whether the server answers, and when it last did (kept across pages). No page: the page is told
// when the server is reached or lost, and draws its banner.
const LAST_CONTACT = "scorekeeper:last-contact";

// A connection that asks `probe` (an address answering HEAD) with `fetch`, keeps the last contact in `storage`
// (localStorage; refused in a private window), and tells `reached()` and `lost(lastContact)`.
export function createConnection({ probe, fetch, storage, reached, lost }) {
  let offline = false;

  function lastContact() {
    try { return Number(storage.getItem(LAST_CONTACT)) || null; } catch (error) { return null; }
  }
  function onReached() {
    try { storage.setItem(LAST_CONTACT, String(Date.now())); } catch (error) { /* private mode */ }
    offline = false;
    reached();
  }
  function onLost() {
    offline = true;
    lost(lastContact());
  }
  // Any answer is the server reached, but a 503: the server without its database, as good as none.
  function answered(status) {
    if (status === 503) onLost();
    else if (status > 0) onReached();
  }
  function asked() {
    return fetch(probe, { method: "HEAD", cache: "no-store" }).then((response) => answered(response.status), onLost);
  }

  return { reached: onReached, lost: onLost, answered, probe: asked, isOffline: () => offline, lastContact };
}
