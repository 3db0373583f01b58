// The public ranking pushed by the server (Server-Sent Events, web/live.py): the page
// opens one stream and replaces the ranking with each fragment it receives. The browser
// opens the stream again by itself when it ends or the network drops. Without
// EventSource, the fragment is asked for every two seconds.
(function () {
  "use strict";
  function start() {
    var box = document.querySelector("[data-live]");
    if (!box) { return; }
    if (window.EventSource) {
      var source = new EventSource(box.getAttribute("data-live"));
      source.addEventListener("ranking", function (event) {
        box.innerHTML = event.data;
        box.setAttribute("data-live-updated", String(Date.now()));
      });
      return;
    }
    setInterval(function () {
      fetch(box.getAttribute("data-fragment"), {headers: {"HX-Request": "true"}})
        .then(function (answer) { return answer.ok ? answer.text() : null; })
        .then(function (text) { if (text !== null) { box.innerHTML = text; } });
    }, 2000);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
