// Keyboard review of the inbox (Memory, Experience and Skill candidates alike): j/k move, x selects, * selects all,
// a approves, r rejects (the reason field's text), e edits a proposal (Ctrl+Enter saves, Escape cancels). Decisions
// are posted with fetch in the order they were made, to the same form handler as the buttons; a candidate leaves the
// list at once and comes back with the reason if the Server refused (someone else decided first, or it changed
// meanwhile).
const form = document.getElementById("review");
if (form instanceof HTMLFormElement) startReview(form);

function startReview(form) {
  const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute("content") ?? "";
  const status = document.createElement("p");
  status.id = "review-status";
  status.setAttribute("role", "status");
  status.className = "notice";
  form.before(status);
  let current = 0;
  let queue = Promise.resolve();
  let decided = 0;
  let unsettled = 0;

  const rows = () => [...form.querySelectorAll("li.candidate:not(.sent)")];
  const selected = () => rows().filter((row) => row.querySelector('input[name="item"]')?.checked);

  function focusRow(index) {
    const list = rows();
    for (const row of form.querySelectorAll("li.candidate.current")) row.classList.remove("current");
    if (list.length === 0) return;
    current = Math.min(Math.max(index, 0), list.length - 1);
    const row = list[current];
    row.classList.add("current");
    row.focus();
  }

  // Experience and Skill candidates are told apart by a prefix (every family's ids are `cand_…`).
  function itemOf(row) {
    const prefix = row.dataset.family === "artifact" ? "artifact:" : "";
    return `${prefix}${row.dataset.id}:${row.dataset.version}`;
  }

  function send(action, targets) {
    const body = new URLSearchParams({ csrf, action, reason: form.elements.namedItem("reason")?.value ?? "" });
    for (const row of targets) {
      body.append("item", itemOf(row));
      if (action === "revise") {
        for (const field of editorFields(row)) body.append(field.name, field.value);
      }
    }
    return fetch(form.getAttribute("action"), {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json", "x-csrf-token": csrf },
      body,
    }).then(async (response) => {
      if (!response.ok) throw new Error(`The Server answered ${response.status}.`);
      return (await response.json()).results;
    });
  }

  // The editor's fields are named `<proposal field>-<candidate id>`; the part shown for each has data-field.
  function editorFields(row) {
    return [...row.querySelectorAll(".revise [name]")];
  }

  function showRevision(row) {
    for (const field of editorFields(row)) {
      const name = field.name.slice(0, -(row.dataset.id.length + 1));
      const shown = row.querySelector(`[data-field="${name}"]`);
      if (!shown) continue;
      if (shown instanceof HTMLUListElement) {
        const lines = field.value.split("\n").map((line) => line.trim()).filter((line) => line !== "");
        shown.replaceChildren(...lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
      } else {
        shown.textContent = field.value;
      }
    }
  }

  function settle(action, targets, results) {
    const byId = new Map(targets.map((row) => [row.dataset.id, row]));
    for (const { candidate_id: id, outcome } of results) {
      const row = byId.get(id);
      if (!row) continue;
      const note = row.querySelector(".item-status");
      if (outcome.status === "done") {
        decided += action === "revise" ? 0 : 1;
        if (action === "revise") {
          row.dataset.version = String(Number(row.dataset.version) + 1);
          row.querySelector('input[name="item"]').value = itemOf(row);
          showRevision(row);
          row.classList.remove("editing");
          row.querySelector(".revise").hidden = true;
          note.textContent = "Revised.";
          row.focus();
        } else {
          row.hidden = true;
        }
      } else {
        row.classList.remove("sent");
        row.classList.add("refused");
        note.textContent = outcome.message;
        status.textContent = outcome.message;
      }
    }
  }

  function decide(action, targets) {
    if (targets.length === 0) return;
    for (const row of targets) {
      // A decision takes the candidate off the list at once; a revision keeps it (still pending) where it is.
      if (action !== "revise") row.classList.add("sent");
      const box = row.querySelector('input[name="item"]');
      if (box) box.checked = false;
    }
    focusRow(current);
    unsettled += 1;
    queue = queue
      .then(() => send(action, targets))
      .then((results) => settle(action, targets, results))
      .catch((error) => {
        for (const row of targets) row.classList.remove("sent");
        status.textContent = `Not saved: ${error.message}`;
      })
      .then(() => {
        unsettled -= 1;
        // Cleared only once every decision made is saved: nothing left on the list and nothing still in flight.
        if (unsettled === 0 && rows().length === 0) {
          status.textContent = `Inbox cleared: ${decided} decided.`;
          status.dataset.cleared = "true";
        } else if (rows().length > 0 && !form.querySelector("li.candidate.current")) {
          focusRow(current);
        }
      });
  }

  function edit(row) {
    const editor = row.querySelector(".revise");
    if (!editor) return;
    row.classList.add("editing");
    editor.hidden = false;
    editor.querySelector("input, textarea").focus();
  }

  function onEditorKey(event, row) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      decide("revise", [row]);
    } else if (event.key === "Escape") {
      row.classList.remove("editing");
      row.querySelector(".revise").hidden = true;
      row.focus();
    }
  }

  document.addEventListener("keydown", (event) => {
    const inField = event.target instanceof HTMLElement && event.target.closest("input:not([type=checkbox]), textarea, select");
    if (inField) {
      const row = event.target.closest("li.candidate");
      if (row) onEditorKey(event, row);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const row = rows()[current];
    const handlers = {
      j: () => focusRow(current + 1),
      ArrowDown: () => focusRow(current + 1),
      k: () => focusRow(current - 1),
      ArrowUp: () => focusRow(current - 1),
      x: () => row && toggle(row),
      " ": () => row && toggle(row),
      "*": () => {
        const all = rows();
        const check = all.some((each) => !each.querySelector('input[name="item"]').checked);
        for (const each of all) each.querySelector('input[name="item"]').checked = check;
      },
      a: () => decide("approve", selected().length > 0 ? selected() : row ? [row] : []),
      r: () => decide("reject", selected().length > 0 ? selected() : row ? [row] : []),
      e: () => row && edit(row),
    };
    const handler = handlers[event.key];
    if (handler) {
      event.preventDefault();
      handler();
    }
  });

  function toggle(row) {
    const box = row.querySelector('input[name="item"]');
    box.checked = !box.checked;
  }

  form.addEventListener("click", (event) => {
    const row = event.target instanceof HTMLElement ? event.target.closest("li.candidate") : null;
    if (row) current = Math.max(rows().indexOf(row), 0);
  });
  focusRow(0);
}
