"""Problems the web page's API and browser tests both solve."""

HELPMATE = """BeginProblem
Pieces       White Kh7 Re8 Sa1
             Black Kh5 Rg4 Sa6h6
Stipulation  h#2
EndProblem
"""
MARSEILLAIS = """problem: diagram B
white: Ke6 Ba3 Sf6 Pd5 Pg5
black: Kf8 Rc8 Pc5 Ph5
stipulation: #1
condition: Marseillais
en-passant: c6 h6
"""
# The opening position, #8: a search that goes on far longer than any test
LONG = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - #8"
