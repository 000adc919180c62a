// Runs before the home page is parsed (a classic script at the top of index.html's body): marks the home page, so
// the plain-HTML home page that index.html holds for a first visit shows only at `/` (see
// style/main.css, `#first-paint`). Every other address waits for the app as before.
document.documentElement.classList.toggle('at-home', window.location.pathname === '/');
