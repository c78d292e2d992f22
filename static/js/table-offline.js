/* A table plays its whole round without the network.

   The table's page holds every board of its round still to enter (one panel on screen,
   the others in <template>s) and a service worker (/t/sw.js) keeps the last copy of
   the page and its files, so the page opens again after a reload or a sleep. A save
   that cannot reach the server goes into this tablet's storage (localStorage, one list
   per table), the board shows "Waiting to be sent", and the next board comes at once.
   The list is sent, one result after another, when the network is back (the browser
   says so, the tablet wakes up, or a timer backing off to 15 s finds it).

   Each form carries its own idempotency key: sending a result again (after a reload,
   or an answer lost on the way back) makes no second result, since the server answers
   a repeated key with the result it already has. A board that got another result
   meanwhile (the teacher's) is answered 409: the server keeps its result and raises a
   flag with what this tablet sent; the board shows the server's words.

   While the network is there nothing changes: htmx saves as before, no extra request. */
(function () {
  "use strict";

  var FIRST_DELAY = 1000;
  var LONGEST_DELAY = 15000;
  var SEND_WAIT = 15000;
  // Answers that mean "the server is not there right now", not "this result is refused".
  var TRY_AGAIN_STATUS = [0, 408, 429, 500, 502, 503, 504];

  var sending = false;
  var delay = FIRST_DELAY;
  var timer = null;

  function main() {
    var element = document.getElementById("table-main");
    return element && element.dataset.token ? element : null;
  }

  // ------------------------------------------------------------------ the stored list

  function storageKey(token) {
    return "minibridge-table:" + token;
  }

  function load(token) {
    var state = null;
    try {
      state = JSON.parse(window.localStorage.getItem(storageKey(token)) || "null");
    } catch (error) {
      state = null;
    }
    if (!state || !Array.isArray(state.queue)) {
      state = { round: null, queue: [], done: {}, notes: [] };
    }
    state.done = state.done || {};
    state.notes = state.notes || [];
    return state;
  }

  function save(token, state) {
    try {
      window.localStorage.setItem(storageKey(token), JSON.stringify(state));
    } catch (error) {
      // Storage full or refused: the page still shows the list until it is closed.
    }
  }

  // The boards sent and the notes belong to the round the page shows.
  function forRound(state, round) {
    if (state.round !== round) {
      state.round = round;
      state.done = {};
      state.notes = [];
    }
    return state;
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : whole;
    });
  }

  // ------------------------------------------------------------------ what a form says

  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      fields.push([name, String(value)]);
    });
    return fields;
  }

  function field(fields, name) {
    for (var i = 0; i < fields.length; i++) {
      if (fields[i][0] === name) return fields[i][1];
    }
    return "";
  }

  function summary(form) {
    var parts = [];
    form.querySelectorAll("input[type=radio]:checked").forEach(function (radio) {
      var label = radio.closest("label");
      if (label) parts.push(label.textContent.replace(/\s+/g, " ").trim());
    });
    var revoke = form.querySelector("select[name=revoke]");
    if (revoke && revoke.value) parts.push(revoke.options[revoke.selectedIndex].text);
    var preview = form.querySelector(".score-preview");
    if (preview && !preview.classList.contains("score-preview-empty")) {
      parts.push(preview.textContent.trim());
    }
    return parts.join(" · ");
  }

  function made(form) {
    // When the page holding this form was made (the server's clock, in seconds).
    var root = form.closest("[data-made]");
    return root ? Number(root.dataset.made) : 0;
  }

  function complete(form) {
    // The panel's preview has a score only for an answer the server accepts.
    var preview = form.querySelector(".score-preview");
    return !!preview && !preview.classList.contains("score-preview-empty");
  }

  // ------------------------------------------------------------------ the page

  function livePanel(root) {
    var form = root.querySelector("form[data-board]");
    return form ? form.closest(".entry-panel") : null;
  }

  function mount(root, template) {
    var panel = template.content.firstElementChild.cloneNode(true);
    template.parentNode.insertBefore(panel, template);
    template.remove();
    if (window.htmx) window.htmx.process(panel);
    return panel;
  }

  function unmount(root, panel) {
    // A panel put back (its board still to enter), for another board on screen.
    var form = panel.querySelector("form[data-board]");
    var template = document.createElement("template");
    template.className = "offline-panel";
    template.dataset.board = form.dataset.board;
    panel.parentNode.insertBefore(template, panel);
    template.content.appendChild(panel);
  }

  function showChooser(root) {
    var nav = root.querySelector(".board-chooser");
    if (!nav) return;
    var live = livePanel(root);
    var onScreen = live ? live.querySelector("form[data-board]").dataset.board : null;
    var shown = 0;
    nav.querySelectorAll("a[href]").forEach(function (link) {
      var board = boardOfLink(link);
      var available = board === onScreen ||
        !!root.querySelector('template.offline-panel[data-board="' + board + '"]');
      link.hidden = !available;
      if (available) shown += 1;
      var current = board === onScreen;
      link.classList.toggle("button-primary", current);
      if (current) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    });
    nav.hidden = shown < 2;
  }

  function boardOfLink(link) {
    var match = /[?&]board=(\d+)/.exec(link.getAttribute("href") || "");
    return match ? match[1] : null;
  }

  function card(root, board) {
    var list = root.querySelector(".offline-boards");
    var found = list.querySelector('[data-offline-board="' + board + '"]');
    if (found) return found;
    var template = root.querySelector("template.offline-card");
    found = template.content.firstElementChild.cloneNode(true);
    found.dataset.offlineBoard = board;
    found.querySelector(".offline-board-name").textContent =
      fill(root.dataset.boardName, { n: board });
    list.appendChild(found);
    return found;
  }

  function showCard(root, board, state, result) {
    var shown = card(root, board);
    var line = shown.querySelector(".offline-board-state");
    line.textContent = state === "waiting" ? line.dataset.waiting :
      (state === "sent" ? line.dataset.sent : state);
    if (result) shown.querySelector(".offline-board-result").textContent = result;
  }

  // Puts the stored list on the page: each board waiting or sent since the page was
  // made shows as such, its panel gone; the next board to enter is on screen.
  function apply() {
    var root = main();
    if (!root || !root.querySelector(".offline-boards")) {
      showCount(root);
      return;
    }
    var round = root.dataset.round;
    var state = forRound(load(root.dataset.token), round);
    var handled = {};
    state.queue.forEach(function (item) {
      if (item.round === round) handled[item.board] = { state: "waiting", result: item.shown };
    });
    var pageMade = Number(root.dataset.made || 0);
    Object.keys(state.done).forEach(function (board) {
      // A page made after the board was sent shows what the server has: it is right.
      var done = state.done[board];
      if (!handled[board] && !(pageMade > Number(done.made || 0))) handled[board] = done;
    });
    Object.keys(handled).forEach(function (board) {
      var template = root.querySelector('template.offline-panel[data-board="' + board + '"]');
      if (template) template.remove();
      var live = livePanel(root);
      if (live && live.querySelector("form[data-board]").dataset.board === board) live.remove();
      // A board the server already shows as entered needs no card.
      if (!document.getElementById("done-" + board)) {
        showCard(root, board, handled[board].state, handled[board].result);
      }
    });
    if (!livePanel(root)) {
      var next = root.querySelector("template.offline-panel");
      if (next) {
        mount(root, next);
      } else {
        var after = root.querySelector("template.offline-next");
        if (after) mount(root, after);
      }
    }
    showChooser(root);
    showNotes(root, state);
    showCount(root);
  }

  function showNotes(root, state) {
    var notes = root.querySelector(".offline-notes");
    if (!notes) return;
    if (notes.dataset.shown === JSON.stringify(state.notes)) return;
    notes.dataset.shown = JSON.stringify(state.notes);
    notes.textContent = "";
    state.notes.forEach(function (text) {
      var note = document.createElement("p");
      note.className = "problem-box";
      note.textContent = text;
      notes.appendChild(note);
    });
  }

  // What the server said when it could not save (a full disk: a 503 in plain words), in
  // place of "There is no network right now"; null when the network is the reason.
  var problem = null;

  function heard(status, text, type) {
    var plain = status === 503 && text && String(type || "").indexOf("text/plain") === 0;
    problem = plain ? text.trim() : null;
  }

  function showProblem(status) {
    var help = status.querySelector(".offline-help");
    if (!help) return;
    if (help.dataset.network === undefined) help.dataset.network = help.textContent;
    var text = problem || help.dataset.network;
    if (help.textContent !== text) help.textContent = text;
  }

  function showCount(root) {
    if (!root) return;
    var status = root.querySelector(".offline-status");
    if (!status) return;
    showProblem(status);
    var count = load(root.dataset.token).queue.length;
    status.hidden = count === 0;
    var text = count === 0 ? "" :
      (count === 1 ? root.dataset.waitingOne : fill(root.dataset.waitingMany, { n: count }));
    var line = status.querySelector(".offline-count");
    if (line.textContent !== text) line.textContent = text;
  }

  // ------------------------------------------------------------------ keeping a result

  function keep(form) {
    var root = main();
    if (!root) return;
    var fields = fieldsOf(form);
    var key = field(fields, "key");
    var state = load(root.dataset.token);
    var known = state.queue.some(function (item) { return field(item.fields, "key") === key; });
    if (!known) {
      state.queue.push({
        board: form.dataset.board,
        round: field(fields, "round") || root.dataset.round,
        action: form.getAttribute("action"),
        fields: fields,
        shown: summary(form),
        made: made(form),
      });
      save(root.dataset.token, state);
    }
    apply();
    later();
  }

  function isSave(element) {
    return element instanceof Element && element.matches("[data-offline-save]");
  }

  function failed(event) {
    if (event.type !== "htmx:afterOnLoad") problem = null;  // no answer: the network
    var button = event.detail && event.detail.elt;
    if (!isSave(button)) return;
    var form = button.closest("form");
    if (form && complete(form)) keep(form);
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);

  document.addEventListener("htmx:afterOnLoad", function (event) {
    var button = event.detail && event.detail.elt;
    if (!isSave(button)) return;
    var xhr = event.detail.xhr;
    var status = xhr ? xhr.status : 0;
    if (xhr) heard(status, xhr.responseText, xhr.getResponseHeader("Content-Type"));
    if (TRY_AGAIN_STATUS.indexOf(status) !== -1) {
      failed(event);
    } else if (status === 200) {
      // Saved. Noted for a copy of the page made before it (the service worker's, on
      // a reload without the network), which still shows the board to enter.
      var form = button.closest("form");
      var root = main();
      if (!form || !root) return;
      var state = forRound(load(root.dataset.token), field(fieldsOf(form), "round"));
      state.done[form.dataset.board] = { state: "sent", result: summary(form), made: made(form) };
      save(root.dataset.token, state);
    }
  });

  // The main part came back from the server (a save): the list goes on top of it.
  document.addEventListener("htmx:afterSettle", function () {
    apply();
  });

  // Another board of the round, from the page itself (nothing asked of the server).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".board-chooser a[href]");
    var root = main();
    if (!link || !root) return;
    var board = boardOfLink(link);
    var template = root.querySelector('template.offline-panel[data-board="' + board + '"]');
    if (!template) return;
    event.preventDefault();
    var live = livePanel(root);
    if (live) unmount(root, live);
    mount(root, template);
    showChooser(root);
    try {
      window.history.replaceState(null, "", "?board=" + board);
    } catch (error) {
      // The address stays as it was: nothing depends on it.
    }
  });

  // ------------------------------------------------------------------ sending the list

  function later() {
    if (timer !== null) window.clearTimeout(timer);
    timer = window.setTimeout(function () {
      timer = null;
      send();
    }, delay);
    delay = Math.min(delay * 2, LONGEST_DELAY);
  }

  function outcome(html) {
    var box = new DOMParser().parseFromString(html, "text/html")
      .querySelector(".problem-box[data-outcome]");
    return box ? { kind: box.dataset.outcome, text: box.textContent.replace(/\s+/g, " ").trim() } : null;
  }

  function post(item) {
    var controller = window.AbortController ? new AbortController() : null;
    var stop = controller ? window.setTimeout(function () { controller.abort(); }, SEND_WAIT) : null;
    return window.fetch(item.action, {
      method: "POST",
      body: new URLSearchParams(item.fields),
      headers: { "HX-Request": "true" },
      credentials: "same-origin",
      signal: controller ? controller.signal : undefined,
    }).then(function (response) {
      return response.text().then(function (html) {
        if (stop !== null) window.clearTimeout(stop);
        heard(response.status, html, response.headers.get("Content-Type"));
        return { status: response.status, html: html };
      });
    }, function () {
      if (stop !== null) window.clearTimeout(stop);
      heard(0, "", "");
      return { status: 0, html: "" };
    });
  }

  // What the server said about one result: sent, refused with its words, or try later.
  function settle(token, item, answer) {
    var root = main();
    var state = load(token);
    if (root) forRound(state, root.dataset.round);
    var key = field(item.fields, "key");
    state.queue = state.queue.filter(function (other) { return field(other.fields, "key") !== key; });
    var said = answer.status === 409 ? outcome(answer.html) : null;
    if (said && said.kind === "conflict") {
      // The server's own words: both results are kept, the teacher decides.
      state.notes.push(said.text);
    }
    if (answer.status === 200 || (said && said.kind === "conflict")) {
      if (item.round === state.round) {
        state.done[item.board] = {
          state: said ? said.text : "sent",
          result: item.shown,
          made: item.made,
        };
      }
    } else {
      state.notes.push(fill(root ? root.dataset.notSaved : "{n}: {result}", {
        n: item.board,
        result: item.shown,
      }));
    }
    save(token, state);
  }

  function send() {
    var root = main();
    if (sending || !root) return;
    var token = root.dataset.token;
    var item = load(token).queue[0];
    if (!item) return;
    sending = true;
    post(item).then(function (answer) {
      sending = false;
      if (TRY_AGAIN_STATUS.indexOf(answer.status) !== -1) {
        showCount(main());
        later();
        return;
      }
      delay = FIRST_DELAY;
      settle(token, item, answer);
      apply();
      if (load(token).queue.length) {
        send();
      } else {
        allSent();
      }
    });
  }

  function allSent() {
    // Everything is in: the page as the server has it now (the boards' travellers),
    // unless the pupils are in the middle of choosing the next result.
    var root = main();
    var live = root ? livePanel(root) : null;
    if (!live || !live.querySelector("input:checked")) window.location.reload();
  }

  function sendNow() {
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
    delay = FIRST_DELAY;
    send();
  }

  window.addEventListener("online", sendNow);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") sendNow();
  });

  // ------------------------------------------------------------------ the service worker

  function register(root) {
    if (!("serviceWorker" in navigator) || !root.dataset.worker) return;
    var controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(root.dataset.worker).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (controlled || !registration.active) return;
      // This page came before the worker: it is kept now, with its files.
      var urls = [window.location.pathname];
      document.querySelectorAll("script[src], link[rel~=stylesheet][href], link[rel~=icon][href]")
        .forEach(function (element) {
          urls.push(element.getAttribute("src") || element.getAttribute("href"));
        });
      registration.active.postMessage({ keep: urls });
    }).catch(function () {
      // No worker (an insecure address): the page works as before, without reloads offline.
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var root = main();
    if (!root) return;
    register(root);
    apply();
    send();
  });
})();
