// The table device: North enters a board's result with big buttons (no keyboard, no
// dropdown), each field checked as it is entered (the contract, the declarer, the lead
// held by the leader, the tricks) with the reason next to it; East-West confirm it on a
// screen in their own notation, or "correct" it (back to the entry, the values kept).
// The result is then queued in localStorage under a client-generated id before it is sent.
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
  const modeKey = "dupbridge-tricks-mode";
  const refusedList = document.getElementById("undelivered-here");
  const entry = document.getElementById("entry");
  const confirmBox = document.getElementById("confirm");
  const status = document.getElementById("sync-status");
  const texts = JSON.parse(document.getElementById("device-texts").textContent);
  const notation = JSON.parse(document.getElementById("device-notation").textContent);
  let sending = false;
  let reloading = false;
  let draft = {};
  let checked = {seq: 0, done: 0, fields: {}, score: null};

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

  // --- the players' notation -------------------------------------------------------
  const symbolOf = notation.suits;
  const letterOfSymbol = {};
  for (const letter in symbolOf) { letterOfSymbol[symbolOf[letter]] = letter; }

  function contractText(contract) {
    // "4♠X" stays, "3NT" in the players' word (3SA), older English letters (4S) shown with symbols.
    const match = /^([1-7])(NT|[SHDC♠♥♦♣])(X{0,2})$/.exec(contract || "");
    if (!match) { return contract; }
    const strain = match[2] === "NT" ? notation.nt : (symbolOf[match[2]] || match[2]);
    return match[1] + strain + match[3];
  }
  function cardText(card) {
    if (!card) { return ""; }
    const suit = symbolOf[card[0]] || card[0];
    const rank = card.slice(1).toUpperCase();
    return suit + (notation.ranks[rank] || rank);
  }
  function seatText(seat) { return notation.seats[seat] || seat || ""; }
  function relativeText(item) {
    const level = Number(String(item.contract)[0]);
    if (!level || item.tricks === "" || item.tricks === undefined) { return ""; }
    const over = Number(item.tricks) - level - 6;
    return over === 0 ? "=" : (over > 0 ? "+" + over : "\u2212" + (-over));
  }
  function describe(item) {
    // As the travellers write it: 4♠ S +1 ♥R, then declarer's tricks.
    const named = texts.board.replace("{board}", item.board);
    const head = named.charAt(0).toUpperCase() + named.slice(1) + ": ";
    if (item.contract === "pass") { return head + texts.passed; }
    const words = [contractText(item.contract), seatText(item.declarer), relativeText(item),
                   cardText(item.lead)].filter((word) => word);
    const tricks = item.tricks === "" || item.tricks === undefined ? "" : " (" + item.tricks + ")";
    return head + words.join(" ") + tricks;
  }
  function scoreText(score) {
    if (score === null || score === undefined) { return ""; }
    if (score === 0) { return texts.score.replace("{score}", "0"); }
    return texts.score.replace("{score}", (score > 0 ? notation.ns + " +" + score :
                                           notation.ew + " +" + (-score)));
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

  // --- the entry ---------------------------------------------------------------------
  function mode() { return localStorage.getItem(modeKey) === "absolute" ? "absolute" : "relative"; }

  function boardKeys() {
    return entry ? Array.from(entry.querySelectorAll('[data-field="board"] button[data-value]')) : [];
  }
  function openBoards() {
    const queued = new Set(queue().map((item) => String(item.board)));
    return boardKeys().filter((button) => !queued.has(button.dataset.value));
  }

  function fresh() {
    const open = openBoards();
    draft = {board: open.length ? open[0].dataset.value : ""};
  }

  function item() {
    // The draft as it is sent: suits as symbols, so that no language's letters are misread.
    if (draft.passed) {
      return {round: Number(root.dataset.round), board: Number(draft.board), contract: "pass",
              declarer: "", lead: "", tricks: ""};
    }
    const strain = draft.strain === "NT" ? "NT" : (symbolOf[draft.strain] || "");
    return {
      round: Number(root.dataset.round),
      board: Number(draft.board),
      contract: draft.level && draft.strain ? draft.level + strain + (draft.risk || "") : "",
      declarer: draft.declarer || "",
      lead: draft.suit && draft.rank ? symbolOf[draft.suit] + draft.rank : "",
      tricks: draft.tricks === undefined ? "" : draft.tricks,
    };
  }

  function tricksKeys() {
    const box = document.getElementById("tricks-keys");
    box.replaceChildren();
    const level = Number(draft.level);
    const values = [];
    if (mode() === "absolute") {
      for (let t = 0; t <= 13; t++) { values.push([t, String(t)]); }
    } else if (level) {
      const target = level + 6;
      values.push([target, "="]);
      for (let t = target + 1; t <= 13; t++) { values.push([t, "+" + (t - target)]); }
      for (let t = target - 1; t >= 0; t--) { values.push([t, "\u2212" + (target - t)]); }
    }
    for (const [value, label] of values) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.value = String(value);
      button.textContent = label;
      box.appendChild(button);
    }
    document.getElementById("tricks-mode").textContent =
      mode() === "absolute" ? texts.modeRelative : texts.modeAbsolute;
  }

  function render() {
    if (!entry) { return; }
    const open = new Set(openBoards().map((button) => button.dataset.value));
    for (const button of boardKeys()) { button.hidden = !open.has(button.dataset.value); }
    entry.hidden = open.size === 0 || !confirmBox.hidden;
    tricksKeys();
    const chosen = {board: draft.board, level: draft.level, strain: draft.strain,
                    risk: draft.risk, declarer: draft.declarer, suit: draft.suit,
                    rank: draft.rank, tricks: draft.tricks};
    for (const button of entry.querySelectorAll("button[data-value]")) {
      const field = button.closest("[data-field]").dataset.field;
      const on = chosen[field] !== undefined && String(chosen[field]) === button.dataset.value;
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
    document.getElementById("passed-out").setAttribute("aria-pressed", draft.passed ? "true" : "false");
    for (const reason of entry.querySelectorAll("[data-reason]")) {
      reason.textContent = checked.fields[reason.dataset.reason] || "";
    }
  }

  function problem(field, text) {
    checked.fields = Object.assign({}, checked.fields, {[field]: text});
  }

  async function check() {
    // The server's check of what is entered so far (the leader's hand is not on this
    // phone). No answer (offline): nothing said now, the server checks it when it is sent.
    const seq = ++checked.seq;
    const body = item();
    if (!body.board) { return checked; }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 4000);
    try {
      const response = await fetch(root.dataset.check, {
        method: "POST", signal: controller.signal,
        headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
        body: JSON.stringify(body),
      });
      const reply = await response.json().catch(() => ({}));
      if (seq === checked.seq && response.ok) {
        checked.fields = reply.fields || {};
        checked.score = reply.score === undefined ? null : reply.score;
      }
    } catch (offline) {
      if (seq === checked.seq) { checked.fields = {}; checked.score = null; }
    } finally {
      clearTimeout(timer);
    }
    if (seq === checked.seq) { checked.done = seq; render(); }
    return checked;
  }

  function missing() {
    // What must be there before East-West see the result, said next to its field.
    checked.fields = {};
    if (!draft.board) { problem("board", texts.needBoard); }
    if (draft.passed) { return Object.keys(checked.fields).length > 0; }
    if (!draft.level || !draft.strain) { problem("contract", texts.needContract); }
    if (!draft.declarer) { problem("declarer", texts.needDeclarer); }
    if (draft.suit && !draft.rank) { problem("lead", texts.needRank); }
    if (draft.tricks === undefined) { problem("tricks", texts.needTricks); }
    return Object.keys(checked.fields).length > 0;
  }

  async function toConfirm() {
    if (missing()) { render(); return; }
    const answer = await check();
    if (Object.keys(answer.fields).length > 0) { return; }
    document.getElementById("confirm-text").textContent = describe(item());
    document.getElementById("confirm-score").textContent = scoreText(answer.score);
    entry.hidden = true;
    confirmBox.hidden = false;
  }

  function tap(button) {
    const value = button.dataset.value;
    const field = button.closest("[data-field]").dataset.field;
    delete draft.passed;
    checked.fields = {};
    if (field === "board") {
      draft = {board: value};  // another board: start its result afresh
    } else if (field === "level") {
      draft.level = value;
      if (mode() === "relative") { delete draft.tricks; }
    } else if (field === "risk" || field === "suit") {
      if (draft[field] === value) {
        delete draft[field];
        if (field === "suit") { delete draft.rank; }
      } else { draft[field] = value; }
    } else if (field === "rank" && !draft.suit) {
      problem("lead", texts.needSuit);
    } else {
      draft[field] = value;
    }
    render();
    if (field === "tricks") { toConfirm(); return; }
    if (draft.declarer && draft.suit && draft.rank) { check(); }
  }

  if (entry) {
    entry.addEventListener("click", function (event) {
      const button = event.target.closest("button");
      if (!button || !entry.contains(button)) { return; }
      if (button.id === "passed-out") {
        draft = {board: draft.board, passed: true};
        checked.fields = {};
        render();
        toConfirm();
      } else if (button.id === "tricks-mode") {
        localStorage.setItem(modeKey, mode() === "absolute" ? "relative" : "absolute");
        delete draft.tricks;
        render();
      } else if (button.dataset.value !== undefined) {
        tap(button);
      }
    });
    fresh();
    render();
  }

  function answer(agreed) {
    const result = Object.assign(item(), {id: clientId(), agreed: agreed});
    save(queue().concat([result]));
    confirmBox.hidden = true;
    fresh();
    checked.fields = {};
    render();
    showStatus();
    send();
  }
  if (confirmBox) {
    document.getElementById("confirm-yes").addEventListener("click", () => answer(true));
    document.getElementById("confirm-no").addEventListener("click", () => answer(false));
    document.getElementById("confirm-fix").addEventListener("click", function () {
      confirmBox.hidden = true;  // back to the entry, every value as it was
      render();
    });
  }

  // data-idle: nothing being sent and no reload to come, so a tap now is not lost to a
  // reload (the browser tests wait for it before they tap).
  function idle() {
    if (!sending && !reloading) { root.dataset.idle = "1"; } else { delete root.dataset.idle; }
  }

  async function send() {
    if (sending) { return; }
    sending = true;
    idle();
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
      reloading = true;
      location.reload();  // the round's state (or the next round) as the server has it
    }
    idle();
  }

  // The round clock, counted down on the phone from the time left the server gave.
  const clockLine = document.getElementById("round-clock");
  const loaded = Date.now();
  function tick() {
    if (!clockLine || !clockLine.dataset.left) { return; }
    const left = Number(clockLine.dataset.left) - (Date.now() - loaded);
    const span = clockLine.querySelector(".left");
    if (left <= 0) {
      clockLine.classList.add("late");
      span.textContent = texts.timeUp;
    } else {
      span.textContent = texts.left.replace("{minutes}", String(Math.ceil(left / 60000)));
    }
  }

  // While the table waits for the Director (the next round, a call, a conflict), the
  // phone reads the page again now and then, unless North is entering a result.
  function untouched() {
    const entering = Object.keys(draft).some((name) => name !== "board");
    return !entering && (!confirmBox || confirmBox.hidden);
  }
  let called = false;  // the Director was just called: the page shows it once read again
  document.body.addEventListener("htmx:afterRequest", function (event) {
    const form = event.detail.elt;
    if (form && form.getAttribute && form.getAttribute("action") === "/device/call" &&
        event.detail.successful) {
      called = true;
      follow();
    }
  });
  function follow() {
    const waitingDirector = called || document.getElementById("wait-start") ||
      document.querySelector("#table-waiting li.pending");
    if (waitingDirector && !sending && !reloading && queue().length === 0 && untouched()) {
      // Not idle from now on; read again only if nobody has tapped meanwhile.
      reloading = true;
      idle();
      setTimeout(function () {
        if (untouched() && !sending && queue().length === 0) {
          location.reload();
        } else {
          reloading = false;
          idle();
        }
      }, 1500);
    }
  }

  window.addEventListener("online", send);
  setInterval(tick, 15000);
  setInterval(follow, 10000);
  tick();
  setInterval(send, 3000);
  showStatus();
  showRefused();
  send();
})();
