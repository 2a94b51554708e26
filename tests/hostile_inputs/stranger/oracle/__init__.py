"""A stranger's own top-level package that happens to be named oracle."""
