// Forms marked data-keep-typing post with htmx and get back only what changed (a list,
// errors, a new key), so a name typed while the request was on its way is never lost.
// After a save the fields are emptied for the next entry only if they still hold what
// was sent.
(function () {
  "use strict";
  var sent = new WeakMap();

  function textFields(form) {
    return Array.prototype.filter.call(form.elements, function (field) {
      return field.tagName === "INPUT" && (field.type === "text" || field.type === "search");
    });
  }

  function formOf(event) {
    var element = event.detail.elt;
    var form = element && (element.closest ? element.closest("form") : null);
    return form && form.hasAttribute("data-keep-typing") ? form : null;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = formOf(event);
    if (!form) return;
    sent.set(form, textFields(form).map(function (field) { return field.value; }));
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var form = formOf(event);
    if (!form || !sent.has(form)) return;
    var values = sent.get(form);
    sent.delete(form);
    if (event.detail.xhr.status !== 200) return;  // refused: keep everything as it is
    var fields = textFields(form);
    fields.forEach(function (field, index) {
      if (field.value === values[index]) field.value = "";
    });
    // Ready for the next name, unless the teacher has moved on elsewhere on the page.
    var here = !document.activeElement || document.activeElement === document.body ||
      form.contains(document.activeElement);
    if (here && fields.length && fields[0].value === "") fields[0].focus();
  });
})();
