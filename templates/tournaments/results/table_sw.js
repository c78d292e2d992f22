{% load static %}/* The tables' service worker (served at /t/sw.js, so its scope is /t/): a table's page
   and the files it uses come from the network as usual (through the browser's own
   cache), and the last copy of each is kept, so that the page opens again when a tablet
   reloads or wakes up without the network. It keeps nothing else: no save goes through
   it (the page keeps unsent results itself, static/js/table-offline.js), nor the round
   clock's polls (static/js/round-clock.js counts on from what it last heard). */
"use strict";

var CACHE = "minibridge-table-1";
var STATIC = "{% get_static_prefix as prefix %}{{ prefix|escapejs }}";
var TABLE_PAGE = /^\/t\/[A-Za-z0-9_-]+\/$/;
// A page that does not answer within this time (the Wi-Fi is "connected" but nothing
// comes through) opens from the copy kept.
var PAGE_WAIT = 4000;

self.addEventListener("install", function (event) {
  self.skipWaiting();
  // Saves and the round's polling go straight to the network, without waking this
  // worker (as fast as without it), where the browser supports it.
  if (event.addRoutes) {
    event.waitUntil(event.addRoutes([
      { condition: { requestMethod: "POST" }, source: "network" },
      { condition: { urlPattern: new URLPattern({ pathname: "/t/*/round/" }) }, source: "network" },
      { condition: { urlPattern: new URLPattern({ pathname: "/t/*/clock/" }) }, source: "network" },
    ]).catch(function () {}));
  }
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name !== CACHE;
      }).map(function (name) {
        return caches.delete(name);
      }));
    }).then(function () {
      return self.clients.claim();
    })
  );
});

function pageKey(url) {
  // One copy per table: "?board=2" is the same page.
  return url.origin + url.pathname;
}

function keep(key, response) {
  if (response && response.status === 200 && response.type === "basic") {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) {
      return cache.put(key, copy);
    });
  }
  return response;
}

function kept(key, page) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(key, { ignoreVary: true, ignoreSearch: page });
  });
}

function fromNetwork(request, key, page) {
  var network = fetch(request).then(function (response) {
    return keep(key, response);
  });
  if (!page) {
    return network.catch(function (error) {
      return kept(key, false).then(function (response) {
        if (response) return response;
        throw error;
      });
    });
  }
  return new Promise(function (resolve, reject) {
    var settled = false;
    function fallBack(error) {
      kept(key, true).then(function (response) {
        if (settled) return;
        if (response) {
          settled = true;
          resolve(response);
        } else if (error) {
          settled = true;
          reject(error);
        }
      });
    }
    var timer = setTimeout(function () { fallBack(null); }, PAGE_WAIT);
    network.then(function (response) {
      clearTimeout(timer);
      if (!settled) {
        settled = true;
        resolve(response);
      }
    }, function (error) {
      clearTimeout(timer);
      fallBack(error);
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var page = request.mode === "navigate" && TABLE_PAGE.test(url.pathname);
  if (page) {
    event.respondWith(fromNetwork(request, pageKey(url), true));
  } else if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(fromNetwork(request, request.url, false));
  }
});

// A page opened before this worker took charge sends its own address and files, to be
// kept now (it came from the network without passing here).
self.addEventListener("message", function (event) {
  var urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) return;
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (address) {
      var url = new URL(address, self.location.origin);
      if (url.origin !== self.location.origin) return null;
      var page = TABLE_PAGE.test(url.pathname);
      if (!page && url.pathname.indexOf(STATIC) !== 0) return null;
      var key = page ? pageKey(url) : url.href;
      return fetch(key, { credentials: "same-origin" }).then(function (response) {
        if (response.status === 200) return cache.put(key, response);
        return null;
      }).catch(function () { return null; });
    }));
  }));
});
