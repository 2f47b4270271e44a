"""Reading and writing games: the records, exactly-once writes, running states, kept renders, exports."""
