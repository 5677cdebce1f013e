// Shared by every page: "/" moves to the search field, where a page has one.
document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLElement && event.target.closest("input, textarea, select");
  if (event.key !== "/" || typing) return;
  const search = document.querySelector('input[type="search"]');
  if (search instanceof HTMLInputElement) {
    event.preventDefault();
    search.focus();
  }
});
