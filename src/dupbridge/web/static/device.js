// The table device: North enters a board's result, East/West confirm it with their own tap,
// and the result is queued in localStorage under a client-generated id before it is sent.
// The queue is sent whenever the connection is there (at once, on the browser's "online"
// event, and every few seconds); the server records each id once, so a retry after a lost
// answer never duplicates. Nothing entered is lost if the WiFi drops or the page reloads.
// A result leaves the queue only when the server has answered that it recorded it (or
// kept it as a conflict or a dispute), or that it refused it and gave it to the Director
// ("handed"): then it stays on this phone, in the list of results not delivered, with the
// reason. Any other answer (a session to join again, a server restarting) keeps it queued.
(function () {
  "use strict";
  const root = document.getElementById("device");
  if (!root) { return; }
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const key = "dupbridge-queue-" + root.dataset.scope;
  const refusedKey = "dupbridge-refused-" + root.dataset.scope;
  const refusedList = document.getElementById("undelivered-here");
  const form = document.getElementById("entry");
  const confirmBox = document.getElementById("confirm");
  const status = document.getElementById("sync-status");
  const texts = JSON.parse(document.getElementById("device-texts").textContent);
  let sending = false;
  let draft = null;

  function queue() { return JSON.parse(localStorage.getItem(key) || "[]"); }
  function save(items) { localStorage.setItem(key, JSON.stringify(items)); }
  function refused() { return JSON.parse(localStorage.getItem(refusedKey) || "[]"); }

  // Queues kept under an older key (one per generation of codes) join this one.
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const other = localStorage.key(i);
    if (other && other !== key && other.startsWith(key + "-")) {
      const known = new Set(queue().map((item) => item.id));
      const older = JSON.parse(localStorage.getItem(other) || "[]");
      save(queue().concat(older.filter((item) => !known.has(item.id))));
      localStorage.removeItem(other);
    }
  }

  function describe(item) {
    return texts.board.replace("{board}", item.board) + ": " + (item.contract === "pass" ?
      texts.passed : item.contract + " " + item.declarer + " " + item.lead + " = " + item.tricks);
  }

  function showRefused() {
    refusedList.replaceChildren();
    for (const item of refused()) {
      const line = document.createElement("li");
      line.dataset.board = String(item.board);
      line.textContent = describe(item) + " · " + item.reason + " · " + texts.handed;
      refusedList.appendChild(line);
    }
    refusedList.hidden = refusedList.children.length === 0;
  }

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

  // A table that has finished its rounds has no form, but may still have results to send.
  if (form) { form.addEventListener("submit", function (event) {
    event.preventDefault();
    draft = entryFromForm();
    document.getElementById("confirm-text").textContent = describe(draft);
    form.hidden = true;
    confirmBox.hidden = false;
  }); }

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
  if (confirmBox) {
    document.getElementById("confirm-yes").addEventListener("click", () => answer(true));
    document.getElementById("confirm-no").addEventListener("click", () => answer(false));
  }

  async function send() {
    if (sending) { return; }
    sending = true;
    let changed = false;
    let refusedAny = false;
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
        const row = document.querySelector('[data-board="' + item.board + '"] .state');
        if (response.ok) {
          save(queue().filter((other) => other.id !== item.id));
          changed = true;
          if (row) { row.textContent = reply.message || ""; row.dataset.done = "1"; }
        } else if (reply.handed) {
          // Refused, and on the Director's console: kept here too, with the reason.
          const kept = refused().filter((other) => other.id !== item.id);
          localStorage.setItem(refusedKey, JSON.stringify(
            kept.concat([Object.assign({}, item, {reason: reply.message || texts.refused})])));
          save(queue().filter((other) => other.id !== item.id));
          refusedAny = true;
          if (row) { row.textContent = texts.handed; row.dataset.done = "1"; }
          document.getElementById("error").textContent = reply.message || texts.refused;
          showRefused();
        } else {
          // Not recorded and not handed over (a session to join again, a form expired):
          // it stays queued and is sent again later.
          document.getElementById("error").textContent =
            (reply.message || (typeof reply.detail === "string" ? reply.detail : "") ||
             texts.refused) + " · " + texts.kept;
          break;
        }
      }
    } finally {
      sending = false;
      showStatus();
    }
    if (changed && !refusedAny && queue().length === 0) {
      location.reload();  // the round's state (or the next round) as the server has it
    }
  }

  window.addEventListener("online", send);
  setInterval(send, 3000);
  showStatus();
  showRefused();
  send();
})();
