// The round clock on a table's page, the projector and the teacher's session page
// (templates/includes/round_clock.html). The page brings the seconds left as the server
// worked them out when it made the page (scoring/clock.py), already written out; this
// counts down from there by differences of this device's own clock, so a tablet whose
// clock is set wrong still shows the right time, and every data-poll seconds asks the
// server again (a pause, other minutes, a new round: never an instant, always the
// seconds left). A table shows whole minutes ("4 minutes left"), which change once a
// minute; the projector and the teacher minutes and seconds.
//
// What a table last heard, and when by the tablet's clock, is kept on the tablet
// (localStorage): its page opened again from the copy the service worker kept (no
// network, or a server slow to answer) counts on from that rather than from the copy's
// figures, which were true when the copy was made. At zero the projector beeps if the teacher
// turned the sound on (Web Audio, no sound file; a browser lets a page make sound only
// after a tap on it, so the projector shows a button for that tap while it needs one).
(function () {
  "use strict";

  var TICK = 500;
  var clocks = [];
  var audio = null;

  function stored(clock) {
    try {
      return JSON.parse(window.localStorage.getItem(clock.key) || "null");
    } catch (error) {
      return null;
    }
  }

  function store(clock) {
    try {
      window.localStorage.setItem(clock.key, JSON.stringify({
        state: clock.state, left: clock.left, at: clock.at, round: clock.round,
        made: clock.made, sound: clock.sound,
      }));
    } catch (error) { /* private mode, or full: the page's own figures serve */ }
  }

  function secondsLeft(clock) {
    if (clock.state !== "running") return clock.left;
    return Math.max(clock.left - (Date.now() - clock.at) / 1000, 0);
  }

  // What was heard (the server's answer, or what the tablet kept), ``since`` seconds ago.
  function adopt(clock, heard, since) {
    clock.state = heard.on === false ? "off" : heard.state;
    clock.left = Number(heard.left || 0);
    if (clock.state === "running") clock.left = Math.max(clock.left - since, 0);
    clock.at = Date.now();
    clock.round = Number(heard.round || clock.round);
    clock.made = Number(heard.made || clock.made);
    clock.sound = Boolean(heard.sound);
  }

  function figures(seconds) {
    var minutes = Math.floor(seconds / 60), rest = seconds % 60;
    return minutes + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function tableDone() {
    // The round's boards are all in (or the table has the round off): what it does next shows.
    return document.querySelector("div#table-next") !== null;
  }

  function context() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    return audio;
  }

  function wantsSound() {
    return clocks.some(function (clock) { return clock.beeps && clock.sound; });
  }

  function unlock() {
    if (!wantsSound()) return;
    var sound = context();
    if (sound && sound.state !== "running") sound.resume();
  }

  function beep(clock) {
    var sound = context();
    clock.el.dataset.beeped = String(Number(clock.el.dataset.beeped || 0) + 1);
    if (!sound || sound.state !== "running") return;
    var start = sound.currentTime;
    [0, 0.4].forEach(function (offset) {
      var tone = sound.createOscillator(), volume = sound.createGain();
      tone.frequency.value = 880;
      volume.gain.setValueAtTime(0.0001, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.3);
      tone.connect(volume);
      volume.connect(sound.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.32);
    });
  }

  function show(clock) {
    var el = clock.el, data = el.dataset;
    var seconds = Math.ceil(secondsLeft(clock));
    var on = clock.state !== "off";
    // A table whose round the teacher has moved on: that round's time is over.
    var movedOn = clock.style === "minutes" && clock.round !== clock.pageRound;
    var state = on && (clock.state === "up" || seconds <= 0 || movedOn) ? "up" : clock.state;
    var time, note = "";
    if (clock.style === "minutes") {
      if (state === "up") {
        time = tableDone() ? data.upDone : data.up;
      } else {
        var minutes = Math.ceil(seconds / 60);
        time = minutes === 1 ? data.one : data.many.replace("{n}", String(minutes));
      }
      if (state === "paused") note = data.paused;
    } else {
      time = figures(state === "up" ? 0 : seconds);
      if (state === "up") note = data.up;
      else if (state === "paused") note = data.paused;
      else if (state === "waiting") note = data.waiting;
    }
    var hidden = !on || (clock.style === "minutes" && state === "waiting");
    var unlocker = el.querySelector("[data-clock-unlock]");
    if (unlocker) {
      var sound = audio;
      unlocker.hidden = !(clock.sound && on && !(sound && sound.state === "running"));
    }
    var shown = [time, note, hidden, state].join("|");
    if (shown === clock.shown) return;
    if (clock.beeps && clock.sound && clock.shownState === "running" && state === "up") beep(clock);
    clock.shown = shown;
    clock.shownState = state;
    el.hidden = hidden;
    el.dataset.state = state;
    el.classList.toggle("round-clock-up", state === "up");
    el.querySelector("[data-clock-time]").textContent = time;
    var noted = el.querySelector("[data-clock-note]");
    noted.textContent = note;
    noted.hidden = !note;
  }

  function hear(clock, heard) {
    if (heard.on !== false && heard.state === "running" && clock.state === "running" &&
        Number(heard.round) === clock.round && Math.abs(heard.left - secondsLeft(clock)) < 2) {
      // The same clock, as counted here to within its answer's way over the network:
      // counting on smoothly rather than a second back and forth.
      clock.made = Number(heard.made || clock.made);
      clock.sound = Boolean(heard.sound);
    } else {
      adopt(clock, heard, 0);
    }
    store(clock);
    show(clock);
  }

  function poll(clock) {
    if (!clock.url || clock.busy || !document.contains(clock.el)) return;
    clock.busy = true;
    window.fetch(clock.url, {
      cache: "no-store", credentials: "same-origin", headers: { Accept: "application/json" },
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    }).then(function (heard) {
      hear(clock, heard);
    }).catch(function () {
      /* No network: the count goes on from what was heard last. */
    }).then(function () {
      clock.busy = false;
    });
  }

  function setUp(el) {
    if (el.roundClock) return;
    var data = el.dataset;
    var clock = {
      el: el, style: data.clock, url: data.url || "", beeps: "beep" in data,
      state: data.state, left: Number(data.left || 0), at: Date.now(),
      round: Number(data.round || 0), pageRound: Number(data.round || 0),
      made: Number(data.made || 0), sound: data.sound === "1", shown: null, shownState: null,
    };
    el.roundClock = clock;
    if (clock.url) {
      clock.key = "minibridge-clock:" + clock.url;
      var kept = stored(clock);
      if (kept && Number(kept.made) >= clock.made && Number(kept.round) === clock.round) {
        // This page's own figures, or newer, heard before: this is a copy kept from
        // earlier (the service worker's), and what was kept says when they were true.
        adopt(clock, kept, (Date.now() - Number(kept.at)) / 1000);
      }
      store(clock);
      var every = Math.max(Number(data.poll || 30), 2) * 1000;
      clock.timer = window.setInterval(function () { poll(clock); }, every);
    }
    clocks.push(clock);
    show(clock);
    var unlocker = el.querySelector("[data-clock-unlock]");
    if (unlocker) unlocker.addEventListener("click", unlock);
  }

  function setUpAll(root) {
    if (root.matches && root.matches("[data-clock]")) setUp(root);
    if (root.querySelectorAll) root.querySelectorAll("[data-clock]").forEach(setUp);
  }

  function tick() {
    clocks = clocks.filter(function (clock) {
      if (document.contains(clock.el)) return true;
      if (clock.timer) window.clearInterval(clock.timer);
      return false;
    });
    clocks.forEach(show);
  }

  document.addEventListener("DOMContentLoaded", function () {
    setUpAll(document);
    window.setInterval(tick, TICK);
  });
  // The teacher's clock, sent again by htmx after a change.
  document.addEventListener("htmx:load", function (event) { setUpAll(event.target); });
  // A tablet waking up: ask at once rather than at the next poll.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") clocks.forEach(poll);
  });
  document.addEventListener("pointerdown", unlock);
  document.addEventListener("keydown", unlock);
})();
