"""Home-page popups (SPEC §2 "Popups"): components in this package, their state in learnsite.state.popups."""
