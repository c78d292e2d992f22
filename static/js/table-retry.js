/* A table that loses the network while saving keeps what the pupils chose, says so in
   plain words, and sends the same form again (backing off, and at once when the
   browser is back online). The form's hidden idempotency key does not change, so a
   save that reached the server before the answer was lost still makes one result:
   the server answers a repeated key with the result it already has.

   Loaded by the table's page; hooks htmx's events for buttons marked data-retry-save. */
(function () {
  "use strict";

  var FIRST_DELAY = 1000;
  var LONGEST_DELAY = 15000;
  // Answers that mean "the server is not there right now", not "your form is wrong".
  var TRY_AGAIN_STATUS = [0, 502, 503, 504];

  var pending = null; // {button, delay, timer}

  function isSave(element) {
    return element instanceof Element && element.matches("[data-retry-save]");
  }

  function statusOf(button) {
    var form = button.closest("form");
    return form ? form.querySelector(".send-status") : null;
  }

  function showWaiting(button) {
    var status = statusOf(button);
    if (status && status.textContent !== status.dataset.waiting) {
      status.textContent = status.dataset.waiting;
    }
  }

  function clearWaiting(button) {
    var status = statusOf(button);
    if (status) {
      status.textContent = "";
    }
  }

  function cancel() {
    if (pending && pending.timer !== null) {
      window.clearTimeout(pending.timer);
    }
    pending = null;
  }

  function sendAgain() {
    if (!pending) {
      return;
    }
    var button = pending.button;
    pending.timer = null;
    if (!document.body.contains(button)) {
      cancel(); // the panel was replaced meanwhile: nothing left to send
      return;
    }
    // Exactly what a tap on Save does: htmx posts the form as it is, key included.
    button.click();
  }

  function scheduleRetry(button) {
    var delay = pending && pending.button === button
      ? Math.min(pending.delay * 2, LONGEST_DELAY)
      : FIRST_DELAY;
    if (pending && pending.timer !== null) {
      window.clearTimeout(pending.timer);
    }
    pending = { button: button, delay: delay, timer: window.setTimeout(sendAgain, delay) };
    showWaiting(button);
  }

  function failed(event) {
    var button = event.detail && event.detail.elt;
    if (isSave(button)) {
      scheduleRetry(button);
    }
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);

  // An answer arrived: sent (or refused for a reason the page explains), unless the
  // server itself is missing behind a proxy.
  document.addEventListener("htmx:afterOnLoad", function (event) {
    var button = event.detail && event.detail.elt;
    if (!isSave(button)) {
      return;
    }
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (TRY_AGAIN_STATUS.indexOf(status) !== -1) {
      scheduleRetry(button);
    } else {
      cancel();
      clearWaiting(button);
    }
  });

  window.addEventListener("online", function () {
    if (pending && pending.timer !== null) {
      window.clearTimeout(pending.timer);
      sendAgain();
    }
  });
})();
