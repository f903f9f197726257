"""Words: gettext and the catalogues, and what the screens say in words."""
