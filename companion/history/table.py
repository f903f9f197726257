"""The summary table moved into the store (``companion.store.summaries``): the store owns its
SQL. These names stay importable from here for callers not yet moved."""

from ..store.summaries import SUMMARY_SCHEMA, Progress, Store, rebuild, summaries, summary_of

__all__ = ["SUMMARY_SCHEMA", "Progress", "Store", "rebuild", "summaries", "summary_of"]
