"""The living documentation (every ruling and its scenarios as HTML) and the HTML report."""

from oracle.suite.docs.render import render_docs, render_report_html

__all__ = ["render_docs", "render_report_html"]
