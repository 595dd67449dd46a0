"""Popeye's options and stipulation forms, on problems of our own, against Popeye.

The expected text is what Popeye 4.104 printed for INPUT (run by hand on the
development machine; times zeroed).  The problems were made up for this
test: NoThreat, Defence, NoShortVariations, Threat, MaxSolutions,
HalfDuplex, help set play, h#n.5, PostKeyPlay, s=, r# with set play, =n,
series play with its shorter solutions, hs#, and Threat with Try/Defence.
Solution trees are compared sibling order ignored.  MaxSolutions stops after
the first n solutions in generation order, which differs between the two
programs, so there only the count and the lines themselves are checked.
"""

from __future__ import annotations

import grammar
from solver.output.popeye_output import parse_output
from solver.output.popeye_writer import write_problem
from solver.run.solve import solve_problem
from solver.output.compare import canonical_all

INPUT = """\
BeginProblem
Pieces White Kc6 Rh1 Black Ka7
Stipulation ser-h#2
Option NoBoard
NextProblem
Pieces White Kc6 Rh1 Black Ka7
Stipulation ser-h#3
Option NoBoard
NextProblem
Pieces White Kc6 Rh1 Black Ka7 Pg2
Stipulation ser-s#2
Option NoBoard
NextProblem
Title NoThreat
Pieces White Kb6 Rh1 Bh3h4 Sc5g6 Pc4c7e4f2g3 Black Kd6 Rf1f8 Bb5 Pe5e7g4g5
Stipulation #2
Option Variation NoThreat NoBoard
NextProblem
Title Defence 2
Pieces White Kb6 Rh1 Bh3h4 Sc5g6 Pc4c7e4f2g3 Black Kd6 Rf1f8 Bb5 Pe5e7g4g5
Stipulation #2
Option Try Defence 2 NoBoard
NextProblem
Title NoShortVariations
Pieces White Ke1 Qf8 Ra1h1 Se2 Pc6e4f6 Black Ke5 Pe6
Stipulation #3
Option Variation NoShortVariations NoBoard
NextProblem
Title Threat 1
Pieces White Ke1 Qf8 Ra1h1 Se2 Pc6e4f6 Black Ke5 Pe6
Stipulation #3
Option Variation Threat 1 NoBoard
NextProblem
Title MaxSolutions
Pieces White Kd7 Qg7 Black Kb5 Qa6
Stipulation h#3
Option MaxSolutions 3 NoBoard
NextProblem
Title HalfDuplex
Pieces White Kd7 Qg7 Black Kb5 Qa6
Stipulation h#2
Option HalfDuplex NoBoard
NextProblem
Title SetPlay help
Pieces White Kd7 Qg7 Black Kb5 Qa6
Stipulation h#2
Option SetPlay NoBoard
NextProblem
Title h#1.5
Pieces White Kd7 Qg7 Black Kb5 Qa6
Stipulation h#1.5
Option NoBoard
NextProblem
Title postkey
Pieces White Kb6 Rh1 Bh3h4 Sc5g6 Pc4c7e4g3 Pf4 Black Kd6 Rf1f8 Bb5 Pe5e7g4g5
Stipulation #2
Option PostKeyPlay Variation NoBoard
NextProblem
Title s=2
Pieces White Kh1 Qa1 Rb2 Black Kh3 Pg4h4
Stipulation s=2
Option Variation NoBoard
NextProblem
Title r#2
Pieces White Kh1 Qd1 Rb2 Sf1 Black Kh3 Pg4h4 Bh8
Stipulation r#2
Option Variation NoBoard SetPlay
NextProblem
Title =2
Pieces White Kc6 Qa1 Black Ka8 Pa7
Stipulation =2
Option Variation NoBoard
NextProblem
Title ser-h=3
Pieces White Kc6 Qb1 Black Ka8 Pa7 Bh8
Stipulation ser-h=3
Option NoBoard
NextProblem
Title ser-#3
Pieces White Kc6 Ra1 Black Ka8 Pa7 Bh8
Stipulation ser-#3
Option NoBoard
NextProblem
Title hs#2
Pieces White Kf1 Qd1 Rb2 Black Kh1 Pg3 Bh8
Stipulation hs#2
Option NoBoard
NextProblem
Pieces White Ke1 Qf8 Ra1h1 Se2 Pc6e4f6 Black Ke5 Pe6
Stipulation #3
Option Variation Threat 1 NoBoard
NextProblem
Pieces White Ke1 Qf8 Ra1h1 Se2 Pc6e4f6 Black Ke5 Pe6
Stipulation #3
Option Variation Threat 1 NoBoard Try Defence 3
NextProblem
Pieces White Kh1 Qf8 Ra2 Rh2 Se2 Pc6e4f6 Black Ke5 Pe6
Stipulation #3
Option Variation Threat 1 NoBoard
NextProblem
Pieces White Kh1 Qf8 Ra2 Rh2 Se2 Pc6e4f6 Black Ke5 Pe6
Stipulation #3
Option Variation NoBoard
EndProblem
"""

POPEYE_OUTPUT = """\
Popeye (banner line)

  1.Ka7-a6 Rh1-a1 #
  1.Ka7-b8   2.Kb8-c8 Rh1-h8 #

solution finished. Time = 0.000 s



  1.Ka7-a6 Rh1-a1 #
  1.Ka7-b8   2.Kb8-c8 Rh1-h8 #
  1.Ka7-b8   2.Kb8-a7   3.Ka7-a6 Rh1-a1 #
  1.Ka7-a6   2.Ka6-a5   3.Ka5-a6 Rh1-a1 #
  1.Ka7-a6   2.Ka6-a7   3.Ka7-a6 Rh1-a1 #
  1.Ka7-a8   2.Ka8-a7   3.Ka7-a6 Rh1-a1 #
  1.Ka7-a8   2.Ka8-b8   3.Kb8-c8 Rh1-h8 #

solution finished. Time = 0.000 s




solution finished. Time = 0.000 s



   1.f2-f4 !
      1...Rf1-a1
          2.f4*e5 #
      1...Rf1-b1
          2.f4*e5 #
      1...Rf1-c1
          2.f4*e5 #
      1...Rf1-d1
          2.f4*e5 #
          2.Rh1*d1 #
      1...Rf1-e1
          2.f4*e5 #
      1...Rf1*f4
          2.Rh1-d1 #
      1...Rf1-f3
          2.f4*e5 #
      1...Rf1-f2
          2.f4*e5 #
      1...Rf1*h1
          2.f4*e5 #
      1...Rf1-g1
          2.f4*e5 #
      1...g4*h3
          2.f4*e5 #
      1...g4*f3 ep.
          2.Sc5-b7 #
      1...Bb5-a4
          2.f4*e5 #
      1...Bb5*c4
          2.f4*e5 #
      1...Bb5-e8
          2.c7-c8=S #
          2.f4*e5 #
      1...Bb5-d7
          2.f4*e5 #
      1...Bb5-c6
          2.f4*e5 #
      1...Bb5-a6
          2.f4*e5 #
      1...e5*f4
          2.e4-e5 #
      1...g5*h4
          2.f4*e5 #
      1...g5*f4
          2.Bh4*e7 #
      1...e7-e6
          2.f4*e5 #
      1...Rf8*f4
          2.c7-c8=S #
      1...Rf8-f5
          2.c7-c8=S #
      1...Rf8-f6
          2.c7-c8=S #
          2.f4*e5 #
      1...Rf8-f7
          2.c7-c8=S #
          2.f4*e5 #
      1...Rf8-a8
          2.f4*e5 #
      1...Rf8-b8 +
          2.c7*b8=Q #
          2.c7*b8=B #
      1...Rf8-c8
          2.f4*e5 #
      1...Rf8-d8
          2.f4*e5 #
      1...Rf8-e8
          2.f4*e5 #
      1...Rf8-h8
          2.f4*e5 #
      1...Rf8-g8
          2.f4*e5 #


solution finished. Time = 0.000 s



   1.f2-f4 !

   1.Bh4*g5 ?
    but
      1...Rf8-e8 !

   1.Sc5-b7 + ?
    but
      1...Kd6-d7 !
      1...Kd6-e6 !

   1.Sg6*f8 ?
    but
      1...Bb5-a6 !

   1.c7-c8=Q ?
    but
      1...Rf8*c8 !

   1.c7-c8=S + ?
    but
      1...Rf8*c8 !


solution finished. Time = 0.000 s



   1.Qf8-e7 ! threat:
          2.Ra1-a3 zugzwang.
              2...Ke5*e4
                  3.Qe7*e6 #
          2.Rh1-h3 zugzwang.
              2...Ke5*e4
                  3.Qe7*e6 #
      1...Ke5*e4
          2.Qe7*e6 +
              2...Ke4-d3
                  3.0-0-0 #
              2...Ke4-f3
                  3.0-0 #


solution finished. Time = 0.000 s




solution finished. Time = 0.000 s



  1.Qa6-a5 Kd7-c8   2.Kb5-a6 Qg7-b7 #
  1.Kb5-a4 Qg7-b2   2.Qa6-f1 Kd7-c6   3.Ka4-a5 Qb2-a3 #
  1.Kb5-a4 Qg7-b2   2.Qa6-e2 Kd7-c6   3.Ka4-a5 Qb2-a3 #
Partial solution Time = 0.000 s



  1.Kd7-d8 Kb5-c6   2.Qg7-e7 Qa6-a8 #

solution finished. Time = 0.000 s




  1.Qa6-a5 Kd7-c8   2.Kb5-a6 Qg7-b7 #

solution finished. Time = 0.000 s




solution finished. Time = 0.000 s



 threat:
          2.f4*e5 #
      1...Rf1*f4
          2.Rh1-d1 #
      1...e5*f4
          2.e4-e5 #
      1...g5*f4
          2.Bh4*e7 #
      1...Rf8*f4
          2.c7-c8=S #
      1...Rf8-f5
          2.c7-c8=S #
      1...Rf8-b8 +
          2.c7*b8=Q #
          2.c7*b8=B #

solution finished. Time = 0.000 s




solution finished. Time = 0.000 s




   1.Rb2-h2 # ?!?

solution finished. Time = 0.000 s




solution finished. Time = 0.000 s




solution finished. Time = 0.000 s



  1.Ra1-h1   2.Rh1*h8 #
  1.Ra1-g1   2.Rg1-g8 #
  1.Ra1-f1   2.Rf1-f8 #
  1.Ra1-e1   2.Re1-e8 #
  1.Ra1-d1   2.Rd1-d8 #
  1.Ra1-a5   2.Ra5-h5   3.Rh5*h8 #
  1.Ra1-a5   2.Ra5-g5   3.Rg5-g8 #
  1.Ra1-a5   2.Ra5-f5   3.Rf5-f8 #
  1.Ra1-a5   2.Ra5-e5   3.Re5-e8 #
  1.Ra1-a5   2.Ra5-d5   3.Rd5-d8 #
  1.Ra1-a4   2.Ra4-h4   3.Rh4*h8 #
  1.Ra1-a4   2.Ra4-g4   3.Rg4-g8 #
  1.Ra1-a4   2.Ra4-f4   3.Rf4-f8 #
  1.Ra1-a4   2.Ra4-e4   3.Re4-e8 #
  1.Ra1-a4   2.Ra4-d4   3.Rd4-d8 #
  1.Ra1-a3   2.Ra3-h3   3.Rh3*h8 #
  1.Ra1-a3   2.Ra3-g3   3.Rg3-g8 #
  1.Ra1-a3   2.Ra3-f3   3.Rf3-f8 #
  1.Ra1-a3   2.Ra3-e3   3.Re3-e8 #
  1.Ra1-a3   2.Ra3-d3   3.Rd3-d8 #
  1.Ra1-a2   2.Ra2-h2   3.Rh2*h8 #
  1.Ra1-a2   2.Ra2-g2   3.Rg2-g8 #
  1.Ra1-a2   2.Ra2-f2   3.Rf2-f8 #
  1.Ra1-a2   2.Ra2-e2   3.Re2-e8 #
  1.Ra1-a2   2.Ra2-d2   3.Rd2-d8 #
  1.Ra1-h1   2.Rh1-d1   3.Rd1-d8 #
  1.Ra1-h1   2.Rh1-e1   3.Re1-e8 #
  1.Ra1-h1   2.Rh1-f1   3.Rf1-f8 #
  1.Ra1-h1   2.Rh1-g1   3.Rg1-g8 #
  1.Ra1-h1   2.Rh1-h7   3.Rh7*h8 #
  1.Ra1-h1   2.Rh1-h6   3.Rh6*h8 #
  1.Ra1-h1   2.Rh1-h5   3.Rh5*h8 #
  1.Ra1-h1   2.Rh1-h4   3.Rh4*h8 #
  1.Ra1-h1   2.Rh1-h3   3.Rh3*h8 #
  1.Ra1-h1   2.Rh1-h2   3.Rh2*h8 #
  1.Ra1-h1   2.Kc6-c7   3.Rh1*h8 #
  1.Ra1-g1   2.Rg1-d1   3.Rd1-d8 #
  1.Ra1-g1   2.Rg1-e1   3.Re1-e8 #
  1.Ra1-g1   2.Rg1-f1   3.Rf1-f8 #
  1.Ra1-g1   2.Rg1-g7   3.Rg7-g8 #
  1.Ra1-g1   2.Rg1-g6   3.Rg6-g8 #
  1.Ra1-g1   2.Rg1-g5   3.Rg5-g8 #
  1.Ra1-g1   2.Rg1-g4   3.Rg4-g8 #
  1.Ra1-g1   2.Rg1-g3   3.Rg3-g8 #
  1.Ra1-g1   2.Rg1-g2   3.Rg2-g8 #
  1.Ra1-g1   2.Rg1-h1   3.Rh1*h8 #
  1.Ra1-g1   2.Kc6-c7   3.Rg1-g8 #
  1.Ra1-f1   2.Rf1-d1   3.Rd1-d8 #
  1.Ra1-f1   2.Rf1-e1   3.Re1-e8 #
  1.Ra1-f1   2.Rf1-f7   3.Rf7-f8 #
  1.Ra1-f1   2.Rf1-f6   3.Rf6-f8 #
  1.Ra1-f1   2.Rf1-f5   3.Rf5-f8 #
  1.Ra1-f1   2.Rf1-f4   3.Rf4-f8 #
  1.Ra1-f1   2.Rf1-f3   3.Rf3-f8 #
  1.Ra1-f1   2.Rf1-f2   3.Rf2-f8 #
  1.Ra1-f1   2.Rf1-h1   3.Rh1*h8 #
  1.Ra1-f1   2.Rf1-g1   3.Rg1-g8 #
  1.Ra1-f1   2.Kc6-c7   3.Rf1-f8 #
  1.Ra1-e1   2.Re1-d1   3.Rd1-d8 #
  1.Ra1-e1   2.Re1-e7   3.Re7-e8 #
  1.Ra1-e1   2.Re1-e6   3.Re6-e8 #
  1.Ra1-e1   2.Re1-e5   3.Re5-e8 #
  1.Ra1-e1   2.Re1-e4   3.Re4-e8 #
  1.Ra1-e1   2.Re1-e3   3.Re3-e8 #
  1.Ra1-e1   2.Re1-e2   3.Re2-e8 #
  1.Ra1-e1   2.Re1-h1   3.Rh1*h8 #
  1.Ra1-e1   2.Re1-g1   3.Rg1-g8 #
  1.Ra1-e1   2.Re1-f1   3.Rf1-f8 #
  1.Ra1-e1   2.Kc6-c7   3.Re1-e8 #
  1.Ra1-d1   2.Rd1-d7   3.Rd7-d8 #
  1.Ra1-d1   2.Rd1-d6   3.Rd6-d8 #
  1.Ra1-d1   2.Rd1-d5   3.Rd5-d8 #
  1.Ra1-d1   2.Rd1-d4   3.Rd4-d8 #
  1.Ra1-d1   2.Rd1-d3   3.Rd3-d8 #
  1.Ra1-d1   2.Rd1-d2   3.Rd2-d8 #
  1.Ra1-d1   2.Rd1-h1   3.Rh1*h8 #
  1.Ra1-d1   2.Rd1-g1   3.Rg1-g8 #
  1.Ra1-d1   2.Rd1-f1   3.Rf1-f8 #
  1.Ra1-d1   2.Rd1-e1   3.Re1-e8 #
  1.Ra1-d1   2.Kc6-c7   3.Rd1-d8 #
  1.Ra1-c1   2.Rc1-h1   3.Rh1*h8 #
  1.Ra1-c1   2.Rc1-g1   3.Rg1-g8 #
  1.Ra1-c1   2.Rc1-f1   3.Rf1-f8 #
  1.Ra1-c1   2.Rc1-e1   3.Re1-e8 #
  1.Ra1-c1   2.Rc1-d1   3.Rd1-d8 #
  1.Ra1-b1   2.Rb1-h1   3.Rh1*h8 #
  1.Ra1-b1   2.Rb1-g1   3.Rg1-g8 #
  1.Ra1-b1   2.Rb1-f1   3.Rf1-f8 #
  1.Ra1-b1   2.Rb1-e1   3.Re1-e8 #
  1.Ra1-b1   2.Rb1-d1   3.Rd1-d8 #
  1.Ra1-b1   2.Kc6-c7   3.Rb1-b8 #
  1.Kc6-c7   2.Ra1-h1   3.Rh1*h8 #
  1.Kc6-c7   2.Ra1-g1   3.Rg1-g8 #
  1.Kc6-c7   2.Ra1-f1   3.Rf1-f8 #
  1.Kc6-c7   2.Ra1-e1   3.Re1-e8 #
  1.Kc6-c7   2.Ra1-d1   3.Rd1-d8 #
  1.Kc6-c7   2.Ra1-b1   3.Rb1-b8 #

solution finished. Time = 0.000 s




solution finished. Time = 0.000 s




solution finished. Time = 0.000 s



   1.Ra1-a5 + ?
    but
      1...Ke5*e4 !

   1.Rh1-h5 + ?
    but
      1...Ke5*e4 !

   1.Qf8-b4 ? threat:
          2.Qb4-d4 #
    but
      1...Ke5*f6 !

   1.Qf8-c5 + ?
      1...Ke5*e4
          2.Ra1-a4 +
              2...Ke4-d3
                  3.Qc5-c3 #
                  3.Se2-c1 #
                  3.Se2-f4 #
                  3.Rh1-h3 #
              2...Ke4-f3
                  3.Qc5-f2 #
          2.Rh1-h4 +
              2...Ke4-d3
                  3.Qc5-c3 #
                  3.Se2-c1 #
                  3.Ra1-a3 #
                  3.Ra1-d1 #
              2...Ke4-f3
                  3.Qc5-f2 #
    but
      1...Ke5*f6 !

   1.Qf8-d6 + ?
      1...Ke5*e4
          2.Qd6*e6 +
              2...Ke4-d3
                  3.0-0-0 #
              2...Ke4-f3
                  3.0-0 #
    but
      1...Ke5*f6 !
      1...Ke5*d6 !

   1.Qf8-h6 ? threat:
          2.Qh6-f4 #
    but
      1...Ke5-d6 !
      1...Ke5*e4 !

   1.Qf8-b8 + ?
    but
      1...Ke5*f6 !
      1...Ke5*e4 !

   1.Qf8-d8 ? threat:
          2.Qd8-d4 #
    but
      1...Ke5*e4 !


solution finished. Time = 0.000 s




solution finished. Time = 0.000 s



   1.Qf8-e7 ! threat:
          2.Ra2-a3 zugzwang.
              2...Ke5*e4
                  3.Qe7*e6 #
          2.Rh2-h3 zugzwang.
              2...Ke5*e4
                  3.Qe7*e6 #
      1...Ke5*e4
          2.Qe7*e6 +
              2...Ke4-d3
                  3.Rh2-h3 #
              2...Ke4-f3
                  3.Ra2-a3 #


solution finished. Time = 0.000 s


"""

MAX_SOLUTIONS_INDEX = 7  # the h#3 with MaxSolutions 3


def _lines(twins):
    from solver.output.popeye_writer import solution_text

    return {line.strip() for line in solution_text(twins, "en").splitlines() if line.strip().startswith("1.")}


def test_options_and_forms_equal_popeye():
    problems = grammar.load_strict(INPUT, "options.inp")
    expected = parse_output(POPEYE_OUTPUT)
    assert len(problems) == len(expected) == 22
    for i, (problem, popeye) in enumerate(zip(problems, expected)):
        if i == MAX_SOLUTIONS_INDEX:
            continue
        result = solve_problem(problem)
        # through our text writer and the parser, as Popeye's text went: with
        # NoBoard the text does not say whether a phase is reversed
        [ours] = parse_output(write_problem(problem, result.twins, time_s=0.0))
        assert canonical_all(ours.twins) == canonical_all(popeye.twins), f"problem {i + 1}"


def test_max_solutions_stops_at_n_real_solutions():
    from solver.engine.board import BLACK, parse_square
    from solver.engine.move import Move
    from solver.engine.movegen import has_legal_move, in_check, legal_moves
    from solver.model.setup import position_of

    problems = grammar.load_strict(INPUT, "options.inp")
    problem = problems[MAX_SOLUTIONS_INDEX]
    assert problem.option("MaxSolutions").args == ("3",) and problem.stipulation.text == "h#3"
    result = solve_problem(problem)
    assert result.info.partial and result.solution_counts == [3]
    # each line found is played out on the board: legal moves, Black first, mate at the end
    paths = []

    def walk(nodes, prefix):
        for node in nodes:
            if node.children:
                walk(node.children, prefix + [node])
            else:
                paths.append(prefix + [node])

    walk(result.twins[0].phases[0].sections[-1].nodes, [])
    assert len(paths) == 3
    for path in paths:
        pos = position_of(problem, BLACK)
        for node in path:
            [c] = node.turn.components
            moves = [m for m in legal_moves(pos)
                     if Move.decode(m).frm == parse_square(c.frm) and Move.decode(m).to == parse_square(c.to)]
            assert len(moves) == 1, path
            pos.make(moves[0])
        assert pos.side == BLACK and in_check(pos) and not has_legal_move(pos)
