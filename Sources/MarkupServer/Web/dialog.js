// Dialogs in the page's own style (a <dialog>, so focus stays inside and Escape cancels), in place
// of the browser's prompt() and confirm().

function dialogShell(heading) {
  const dialog = document.createElement('dialog');
  dialog.className = 'dialog';
  dialog.dataset.testid = 'dialog';
  const form = document.createElement('form');
  form.method = 'dialog';
  const title = document.createElement('h2');
  title.textContent = heading;
  title.id = `dialog-${Math.random().toString(36).slice(2)}`;
  dialog.setAttribute('aria-labelledby', title.id);
  form.append(title);
  dialog.append(form);
  return { dialog, form };
}

/// Cancel and the confirming button. Only the confirming one submits, so Enter in a field (which
/// presses a form's first submit button) confirms.
function buttons(form, confirmLabel, danger = false) {
  const row = document.createElement('div');
  row.className = 'dialog-buttons';
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.addEventListener('click', () => form.closest('dialog').close('cancel'));
  cancel.textContent = 'Cancel';
  cancel.dataset.testid = 'dialog-cancel';
  const confirm = document.createElement('button');
  confirm.value = 'confirm';
  confirm.type = 'submit';
  confirm.textContent = confirmLabel;
  confirm.className = danger ? 'danger' : 'primary';
  confirm.dataset.testid = 'dialog-confirm';
  row.append(cancel, confirm);
  form.append(row);
  return confirm;
}

/// Shows `dialog` as a modal on the page, and resolves, once it closes, to `result()` when it was
/// closed with the value `confirm`, else null; the dialog is then taken away.
export function run(dialog, result) {
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(dialog.returnValue === 'confirm' ? result() : null);
    });
    dialog.showModal();
  });
}

/// Asks for one line of text; resolves to it (trimmed), or null when cancelled or left empty.
/// `choices` (optional) are quick picks that fill the field; `maxLength` (optional) is the most it
/// takes, in UTF-16 units (so never more characters than the server allows).
export function ask({ title, label, value = '', placeholder = '', type = 'text', confirmLabel = 'OK', choices = [], maxLength = null }) {
  const { dialog, form } = dialogShell(title);
  const field = document.createElement('label');
  field.className = 'dialog-field';
  field.textContent = label;
  const input = document.createElement('input');
  Object.assign(input, { type, value, placeholder, required: true, dir: 'auto' });
  input.dataset.testid = 'dialog-input';
  field.append(input);
  form.append(field);
  if (maxLength) {
    // Said once the field is full, so that a longer text pasted in is not cut short unseen.
    input.maxLength = maxLength;
    const limit = document.createElement('p');
    limit.className = 'dialog-limit';
    limit.dataset.testid = 'dialog-limit';
    limit.id = 'dialog-limit';
    limit.setAttribute('aria-live', 'polite');
    input.setAttribute('aria-describedby', limit.id);
    // Filled in, not shown and hidden, so that a screen reader says it as it comes.
    const showLimit = () => { limit.textContent = input.value.length < maxLength ? '' : `At most ${maxLength} characters.`; };
    input.addEventListener('input', showLimit);
    showLimit();
    form.append(limit);
  }
  if (choices.length) {
    const picks = document.createElement('div');
    picks.className = 'dialog-choices';
    for (const choice of choices) {
      const pick = document.createElement('button');
      pick.type = 'button';
      pick.textContent = choice;
      pick.setAttribute('aria-label', `Use ${choice}`);
      pick.addEventListener('click', () => { input.value = choice; input.focus(); });
      picks.append(pick);
    }
    form.append(picks);
  }
  buttons(form, confirmLabel);
  setTimeout(() => { input.focus(); input.select(); });
  return run(dialog, () => input.value.trim() || null);
}

/// Asks to go ahead with something; resolves to true or false.
export async function confirmAction({ title, message, confirmLabel = 'OK', danger = false }) {
  const { dialog, form } = dialogShell(title);
  const text = document.createElement('p');
  text.textContent = message;
  form.append(text);
  const confirm = buttons(form, confirmLabel, danger);
  setTimeout(() => confirm.focus());
  return (await run(dialog, () => true)) === true;
}

/// Asks to pick one of `items` ({ label, value }); resolves to its value, or null.
export function pick({ title, message, items, confirmLabel = 'OK' }) {
  const { dialog, form } = dialogShell(title);
  if (message) {
    const text = document.createElement('p');
    text.textContent = message;
    form.append(text);
  }
  const list = document.createElement('div');
  list.className = 'dialog-list';
  list.setAttribute('role', 'radiogroup');
  items.forEach((item, index) => {
    const row = document.createElement('label');
    const radio = document.createElement('input');
    Object.assign(radio, { type: 'radio', name: 'choice', value: String(index), checked: index === 0 });
    row.append(radio);
    // A picture of the item, when it has one (a version's thumbnail), loaded as it scrolls into view.
    if (item.image) {
      const picture = document.createElement('img');
      Object.assign(picture, { src: item.image, alt: '', loading: 'lazy', className: 'dialog-picture' });
      picture.addEventListener('error', () => picture.remove(), { once: true });
      row.append(picture);
    }
    row.append(` ${item.label}`);
    list.append(row);
  });
  form.append(list);
  buttons(form, confirmLabel);
  return run(dialog, () => {
    const chosen = list.querySelector('input:checked');
    return chosen ? items[Number(chosen.value)].value : null;
  });
}
