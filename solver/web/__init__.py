"""feerie's local web page (`feerie serve`, issue 12): the top layer, below `cli` only.

`server` is the Starlette app (the JSON API and the static page), `jobs`
runs each solve in a child process (`child`) and streams its events,
`replay` plays a line of a solution on the board.  Starlette and uvicorn are
the optional extra `feerie[web]`; nothing below this package needs them.
"""
