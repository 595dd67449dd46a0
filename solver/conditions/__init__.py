"""Layer 4, the rules of a problem: its variant and capability profile
(`variant`), the rule set whose hooks conditions fill (`rules`), one module
per condition (`messigny`, `marseillais`, ...) and the registry that lists
them (`registry`)."""
