"""Layer 6, text and pictures of problems and solutions: move notation in
Popeye's three languages (`notation`), Popeye's output layout
(`popeye_writer`) and reading it back (`popeye_output`), JSON
(`json_writer`), streaming (`stream`), SVG diagrams (`diagram_svg`), and
solutions compared up to sibling order (`compare`)."""
