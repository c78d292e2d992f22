// The score an answer would record ("N–S +420"), shown before saving. The entry panel's
// form carries the score of every answer it allows (data-scores, worked out by the
// server's rules), so a tap asks the server nothing.
(function () {
  "use strict";

  function chosen(form, name) {
    // A radio chosen, a list, or an answer the panel does not ask (a target scoring's
    // level, sent as a hidden field).
    var field = form.querySelector('[name="' + name + '"]:checked') ||
      form.querySelector('select[name="' + name + '"], input[type="hidden"][name="' + name + '"]');
    return field ? field.value : null;
  }

  function show(form) {
    var output = form.querySelector(".score-preview");
    if (!output) return;
    if (!form._scores) form._scores = JSON.parse(form.dataset.scores);
    var key = [chosen(form, "strain"), chosen(form, "level"), chosen(form, "tricks"),
      chosen(form, "revoke") || ""].join("|");
    var text = form._scores[key];
    output.textContent = text || output.dataset.empty;
    output.classList.toggle("score-preview-empty", !text);
  }

  function showAll(root) {
    root.querySelectorAll("form[data-scores]").forEach(show);
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-scores]");
    if (form) show(form);
  });
  // A panel brought by htmx (the next board, a form sent back with its answers kept).
  document.addEventListener("htmx:afterSettle", function (event) { showAll(event.target); });
  document.addEventListener("DOMContentLoaded", function () { showAll(document); });
})();
