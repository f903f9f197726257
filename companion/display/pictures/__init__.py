"""Pictures: pictograms, pieces, figures, villages and table steps drawn."""
