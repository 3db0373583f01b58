// The table device: North enters a board's result, East/West confirm it with their own tap,
// and the result is queued in localStorage under a client-generated id before it is sent.
// The queue is sent whenever the connection is there (at once, on the browser's "online"
// event, and every few seconds); the server records each id once, so a retry after a lost
// answer never duplicates. Nothing entered is lost if the WiFi drops or the page reloads.
(function () {
  "use strict";
  const root = document.getElementById("device");
  if (!root) { return; }
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const key = "dupbridge-queue-" + root.dataset.scope;
  const form = document.getElementById("entry");
  const confirmBox = document.getElementById("confirm");
  const status = document.getElementById("sync-status");
  const texts = JSON.parse(document.getElementById("device-texts").textContent);
  let sending = false;
  let draft = null;

  function queue() { return JSON.parse(localStorage.getItem(key) || "[]"); }
  function save(items) { localStorage.setItem(key, JSON.stringify(items)); }

  function clientId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);  // also on plain http in a club's LAN (no randomUUID)
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function showStatus() {
    const waiting = queue().length;
    status.textContent = waiting ? texts.waiting.replace("{count}", waiting) : texts.synced;
    status.dataset.waiting = String(waiting);
    for (const item of queue()) {
      const row = document.querySelector('[data-board="' + item.board + '"] .state');
      if (row && !row.dataset.done) { row.textContent = texts.queued; }
    }
  }

  function entryFromForm() {
    const data = new FormData(form);
    const passed = data.get("level") === "pass";
    return {
      id: clientId(),
      round: Number(root.dataset.round),
      board: Number(data.get("board")),
      contract: passed ? "pass" : data.get("level") + data.get("strain") + data.get("risk"),
      declarer: passed ? "" : data.get("declarer"),
      lead: passed ? "" : String(data.get("lead") || "").trim(),
      tricks: passed ? "" : data.get("tricks"),
    };
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    draft = entryFromForm();
    document.getElementById("confirm-text").textContent = texts.board.replace(
      "{board}", draft.board) + ": " + (draft.contract === "pass" ? texts.passed :
      draft.contract + " " + draft.declarer + " " + draft.lead + " = " + draft.tricks);
    form.hidden = true;
    confirmBox.hidden = false;
  });

  function answer(agreed) {
    if (!draft) { return; }
    draft.agreed = agreed;
    save(queue().concat([draft]));
    draft = null;
    form.reset();
    form.hidden = false;
    confirmBox.hidden = true;
    showStatus();
    send();
  }
  document.getElementById("confirm-yes").addEventListener("click", () => answer(true));
  document.getElementById("confirm-no").addEventListener("click", () => answer(false));

  async function send() {
    if (sending) { return; }
    sending = true;
    let changed = false;
    let refused = false;
    try {
      for (const item of queue()) {
        let response;
        try {
          response = await fetch(root.dataset.submit, {
            method: "POST",
            headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
            body: JSON.stringify(item),
          });
        } catch (offline) {
          break;  // no connection: keep the queue, try again later
        }
        if (response.status >= 500) { break; }
        const reply = await response.json().catch(() => ({}));
        save(queue().filter((other) => other.id !== item.id));
        changed = true;
        const row = document.querySelector('[data-board="' + item.board + '"] .state');
        if (row) { row.textContent = reply.message || ""; row.dataset.done = "1"; }
        if (!response.ok) {
          refused = true;
          document.getElementById("error").textContent = reply.message || texts.refused;
        }
      }
    } finally {
      sending = false;
      showStatus();
    }
    if (changed && !refused && queue().length === 0) {
      location.reload();  // the round's state (or the next round) as the server has it
    }
  }

  window.addEventListener("online", send);
  setInterval(send, 3000);
  showStatus();
  send();
})();
