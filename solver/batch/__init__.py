"""Layer 9, collections: parallel resumable batches (`batch`), their results
database (`results`), progress display (`progress`) and the HTML report
(`report`)."""
