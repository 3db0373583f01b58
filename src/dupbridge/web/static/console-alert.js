// The Director's phone alerts him to a new call (issue 27): a short tone (Web Audio API)
// and a vibration when a table calls that was not waiting before. Browsers let a page
// play sound only after a tap, hence the "alert on" button; vibration needs none where
// supported. A static file: the Content-Security-Policy allows no inline script.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) { return; }
  var seen = {};
  var audio = null;
  var alerts = 0;
  function waiting() {
    var found = [];
    live.querySelectorAll("#calls li.error[data-call]").forEach(function (li) {
      found.push(li.getAttribute("data-call"));
    });
    return found;
  }
  function tone() {
    if (!audio) { return; }
    var oscillator = audio.createOscillator();
    var gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.2;
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.4);
  }
  function alert() {
    alerts += 1;
    document.body.setAttribute("data-alerts", String(alerts));
    tone();
    if (navigator.vibrate) { navigator.vibrate([300, 150, 300]); }
  }
  waiting().forEach(function (id) { seen[id] = true; });
  document.body.setAttribute("data-alerts", "0");
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (event.target !== live) { return; }
    var fresh = waiting().filter(function (id) { return !seen[id]; });
    fresh.forEach(function (id) { seen[id] = true; });
    if (fresh.length) { alert(); }
  });
  var button = document.getElementById("alert-on");
  if (button) {
    button.addEventListener("click", function () {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (Context && !audio) { audio = new Context(); }
      if (audio && audio.state === "suspended") { audio.resume(); }
      button.setAttribute("aria-pressed", "true");
      button.classList.add("ok");
      tone();
    });
  }
}());
