/**
 * The dashboard's only script, served as /assets/app.js: progressive enhancements, every page works
 * without it. It shows times in the reader's zone, filters claims to the flagged ones, opens a claim's trace
 * when its highlight is followed, and refreshes the sessions list every 5 s when asked. It reads the page,
 * never injects markup.
 */
export const APP_JS = `"use strict";
(function () {
  document.querySelectorAll("time[datetime]").forEach(function (t) {
    var d = new Date(t.getAttribute("datetime"));
    if (!isNaN(d)) { t.title = t.textContent; t.textContent = d.toLocaleString(); }
  });
  var main = document.querySelector("main");
  var flagged = document.getElementById("flagged-only");
  if (flagged && main) {
    var apply = function () { main.classList.toggle("flagged-only", flagged.checked); };
    flagged.checked = localStorage.getItem("hfw.flaggedOnly") === "1";
    apply();
    flagged.addEventListener("change", function () { localStorage.setItem("hfw.flaggedOnly", flagged.checked ? "1" : "0"); apply(); });
  }
  var openTarget = function () {
    if (!location.hash) return;
    var row = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!row) return;
    if (flagged && flagged.checked && !row.classList.contains("flagged")) { flagged.checked = false; main.classList.remove("flagged-only"); }
    var details = row.querySelector("details.trace");
    if (details) details.open = true;
  };
  window.addEventListener("hashchange", openTarget);
  openTarget();
  var live = document.getElementById("live");
  if (live) {
    live.checked = sessionStorage.getItem("hfw.live") === "1";
    var timer = null;
    var schedule = function () {
      if (timer) clearTimeout(timer);
      timer = live.checked ? setTimeout(function () { location.reload(); }, 5000) : null;
    };
    live.addEventListener("change", function () { sessionStorage.setItem("hfw.live", live.checked ? "1" : "0"); schedule(); });
    schedule();
  }
})();
`;
