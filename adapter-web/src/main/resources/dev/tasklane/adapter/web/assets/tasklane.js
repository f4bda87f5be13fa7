// Tasklane web interface: small progressive enhancement. Every page works without this file except the
// board's live refresh.
(function () {
  "use strict";

  // One event stream per URL for the whole page, however many parts of it listen. The stream is closed when the
  // page is hidden (navigated away from, or put in the back-forward cache): an open stream would hold one of the
  // browser's few connections to this server until the server next writes to it, and the next page would wait for a
  // free one. A page shown again from that cache opens its streams again and says it was away.
  var streams = {};
  function stream(url) {
    if (streams[url]) {
      return streams[url];
    }
    var listeners = [];
    var handle = {
      source: null,
      on: function (type, listener) {
        listeners.push([type, listener]);
        if (handle.source) {
          handle.source.addEventListener(type, listener);
        }
      },
      open: function () {
        handle.source = new EventSource(url);
        listeners.forEach(function (pair) {
          handle.source.addEventListener(pair[0], pair[1]);
        });
      },
      close: function () {
        if (handle.source) {
          handle.source.close();
          handle.source = null;
        }
      }
    };
    handle.open();
    streams[url] = handle;
    return handle;
  }
  window.addEventListener("pagehide", function () {
    Object.keys(streams).forEach(function (url) {
      streams[url].close();
    });
  });
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) {
      return;
    }
    Object.keys(streams).forEach(function (url) {
      streams[url].open();
    });
    document.dispatchEvent(new CustomEvent("tasklane:resumed"));
  });

  // Live board: on each task event of this board, fetch the board's HTML fragment (same filters) again.
  function liveBoard() {
    var status = document.getElementById("live-status");
    if (!status || !window.EventSource) {
      return;
    }
    var pending = null;
    var refreshing = false;
    var again = false;

    function refresh() {
      if (refreshing) {
        again = true;
        return;
      }
      refreshing = true;
      fetch(status.dataset.fragment, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (response) {
          if (response.redirected || !response.ok) {
            throw new Error("board fragment answered " + response.status);
          }
          return response.text();
        })
        .then(function (html) {
          var current = document.getElementById("columns");
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var next = holder.firstElementChild;
          if (current && next) {
            current.replaceWith(next);
            status.textContent = "Showing " + next.dataset.shown + " of " + next.dataset.total
              + " tasks · updated live " + new Date().toLocaleTimeString();
          }
        })
        .catch(function () {
          status.textContent = "Live updates paused; reload the page to see changes.";
        })
        .finally(function () {
          refreshing = false;
          if (again) {
            again = false;
            refresh();
          }
        });
    }

    var source = stream(status.dataset.events);
    function onEvent() {
      clearTimeout(pending);
      pending = setTimeout(refresh, 150);
    }
    ["task.created", "task.updated", "task.claimed", "task.unclaimed", "task.completed", "task.review_requested",
      "task.reviewed", "task.rework", "task.done", "task.claim_expired", "task.assigned", "task.changed_files",
      "goal.completed", "goal.after_goal_reported", "task.activity", "task.stop_requested"].forEach(function (type) {
      source.on(type, onEvent);
    });
    source.on("message", onEvent);
    source.on("open", function () {
      status.dataset.live = "on";
    });
    source.on("error", function () {
      status.dataset.live = "reconnecting";
    });
    // back from the back-forward cache: what changed while the page was away is fetched at once
    document.addEventListener("tasklane:resumed", refresh);
  }

  // Live comments on a task page: on task.commented for this task, fetch the thread's HTML fragment again.
  function liveComments() {
    var thread = document.getElementById("comments");
    if (!thread || !window.EventSource) {
      return;
    }
    stream(thread.dataset.events).on("task.commented", function (event) {
      var data;
      try {
        data = JSON.parse(event.data);
      } catch (notJson) {
        return;
      }
      if (data.identifier !== thread.dataset.task) {
        return;
      }
      var typing = document.getElementById("comment-body");
      var draft = typing ? typing.value : "";
      fetch(thread.dataset.fragment, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (response) {
          if (response.redirected || !response.ok) {
            throw new Error("comments answered " + response.status);
          }
          return response.text();
        })
        .then(function (html) {
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var next = holder.firstElementChild;
          var current = document.getElementById("comments");
          if (current && next) {
            current.replaceWith(next);
            var field = document.getElementById("comment-body");
            if (field) {
              field.value = draft;
            }
            thread = next;
          }
        })
        .catch(function () { /* the page still works; a reload shows the thread */ });
    });
  }

  // Supervision: a panel (the task's session, the questions queue) refreshed from its fragment on the board's events.
  // Typed text in the panel's fields is kept across a refresh.
  var SESSION_EVENTS = ["task.activity", "task.stop_requested", "task.claimed", "task.unclaimed", "task.completed",
    "task.claim_expired", "task.review_requested", "task.done"];
  function livePanel(id, forTask) {
    var panel = document.getElementById(id);
    if (!panel || !window.EventSource || !panel.dataset.events) {
      return;
    }
    var pending = null;
    function refresh() {
      fetch(panel.dataset.fragment, { credentials: "same-origin", headers: { "Accept": "text/html" } })
        .then(function (response) {
          if (response.redirected || !response.ok) {
            throw new Error(id + " answered " + response.status);
          }
          return response.text();
        })
        .then(function (html) {
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var next = holder.querySelector("#" + id);
          var current = document.getElementById(id);
          if (!current || !next) {
            return;
          }
          var typed = {};
          current.querySelectorAll("textarea[id], input[id]:not([type=hidden])").forEach(function (field) {
            typed[field.id] = field.value;
          });
          current.replaceWith(next);
          Object.keys(typed).forEach(function (key) {
            var field = document.getElementById(key);
            if (field && typed[key]) {
              field.value = typed[key];
            }
          });
          panel = next;
          holdForms(next);
        })
        .catch(function () { /* the page still works; a reload shows the change */ });
    }
    var source = stream(panel.dataset.events);
    SESSION_EVENTS.forEach(function (type) {
      source.on(type, function (event) {
        if (forTask) {
          var data;
          try {
            data = JSON.parse(event.data);
          } catch (notJson) {
            return;
          }
          if (data.identifier !== panel.dataset.task) {
            return;
          }
        }
        clearTimeout(pending);
        pending = setTimeout(refresh, 100);
      });
    });
    document.addEventListener("tasklane:resumed", refresh);
  }

  // Interventions with an undo window: a form marked data-hold is held for five seconds after its button is pressed,
  // with an Undo button; undo cancels it, and it is sent when the time is up. Without this script it is sent at once.
  var HOLD_SECONDS = 5;
  function holdForms(root) {
    root.querySelectorAll("form[data-hold]").forEach(function (form) {
      if (form.dataset.held) {
        return;
      }
      form.dataset.held = "ready";
      form.addEventListener("submit", function (event) {
        if (form.dataset.held === "sending") {
          return;
        }
        event.preventDefault();
        if (form.dataset.held === "holding") {
          return;
        }
        form.dataset.held = "holding";
        var left = HOLD_SECONDS;
        var bar = document.createElement("div");
        bar.className = "undo-bar";
        bar.setAttribute("role", "status");
        var text = document.createElement("span");
        var undo = document.createElement("button");
        undo.type = "button";
        undo.className = "undo";
        undo.textContent = "Undo";
        bar.appendChild(text);
        bar.appendChild(undo);
        document.body.appendChild(bar);
        function show() {
          text.textContent = form.dataset.hold + " in " + left + " s ";
        }
        show();
        var timer = setInterval(function () {
          left -= 1;
          if (left > 0) {
            show();
            return;
          }
          clearInterval(timer);
          text.textContent = form.dataset.hold + "…";
          undo.remove();
          form.dataset.held = "sending";
          form.submit();
        }, 1000);
        undo.addEventListener("click", function () {
          clearInterval(timer);
          form.dataset.held = "ready";
          text.textContent = "Undone: nothing was sent.";
          undo.remove();
          setTimeout(function () { bar.remove(); }, 2000);
        });
      });
    });
  }

  // Copy buttons next to the token and the agent files shown once.
  function copyButtons() {
    document.querySelectorAll("button[data-copy]").forEach(function (button) {
      button.addEventListener("click", function () {
        var field = document.getElementById(button.dataset.copy);
        var done = function () {
          var label = button.textContent;
          button.textContent = "Copied";
          setTimeout(function () { button.textContent = label; }, 1500);
        };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(field.value).then(done);
        } else {
          field.select();
          document.execCommand("copy");
          done();
        }
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    liveBoard();
    liveComments();
    livePanel("session", true);
    livePanel("questions", false);
    holdForms(document);
    copyButtons();
  });
})();
