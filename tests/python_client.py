#!/usr/bin/env python3
"""Intrigue driven by python-chess's `chess.engine`, the client lichess-bot
and many scripts use. Each check is one thing a user of that library would
do; any exception or failed check exits non-zero.

    python3 tests/python_client.py target/release/intrigue [SYZYGY_DIR]

Run by `cargo test` through tests/python_client.rs.
"""

import collections
import logging
import os
import struct
import sys

import chess
import chess.engine
import chess.polyglot
import chess.syzygy


class SentLines(logging.Handler):
    """Collects the lines python-chess writes to the engine (`lines`) and
    those it reads back (`received`)."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []
        self.received = []

    def emit(self, record):
        message = record.getMessage()
        if "<<" in message:
            self.lines.append(message.split("<<", 1)[1].strip())
        elif ">>" in message:
            self.received.append(message.split(">>", 1)[1].strip())


def check_search_output(board, received, what):
    """One search's output as a client reads it: every PV is legal move by
    move, the bestmove begins the last PV (its ponder move is the PV's
    second), and no mate line is printed again once it is finished: once
    an iteration as deep as the mate's plies has reported it, the search
    is over (a mate found deeper than the iteration, through extensions
    or the table, is reported again by the next iterations, as any line
    is, until one is deep enough to prove it)."""
    pv = None
    mate_lines = collections.Counter()
    proven = set()
    for line in received:
        words = line.split()
        if words[:1] == ["info"] and "pv" in words and "string" not in words:
            pv = words[words.index("pv") + 1:]
            replay = board.copy()
            for uci in pv:
                move = chess.Move.from_uci(uci)
                if move not in replay.legal_moves:
                    raise AssertionError(f"{what}: illegal PV move {uci} in '{line}'")
                replay.push(move)
            if "mate" in words:
                score = words[words.index("mate") + 1]
                key = (score, tuple(pv))
                if key in proven:
                    mate_lines[key] += 1
                moves = int(score)
                plies = 2 * moves - 1 if moves > 0 else -2 * moves
                if int(words[words.index("depth") + 1]) >= plies:
                    proven.add(key)
        elif words[:1] == ["bestmove"]:
            if pv is None or words[1] != pv[0]:
                raise AssertionError(f"{what}: '{line}' does not begin the last PV {pv}")
            if len(words) >= 4 and words[2] == "ponder" and (len(pv) < 2 or words[3] != pv[1]):
                raise AssertionError(f"{what}: ponder {words[3]} is not the PV's second move {pv}")
    repeated = [k for k, n in mate_lines.items() if n >= 1]
    if repeated:
        raise AssertionError(f"{what}: mate lines printed again: {repeated}")


def games_with_clean_output(path, sent):
    """A game per mode at 30 ms a move, and a mate in one, every search's
    output checked as a client would."""
    searches = 0
    with open_engine(path) as engine:
        for mode in ("AlphaBeta", "Interest"):
            engine.configure({"SearchMode": mode})
            board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            while not board.is_game_over() and len(board.move_stack) < 120:
                sent.received.clear()
                result = engine.play(board, chess.engine.Limit(time=0.03), ponder=False)
                check_search_output(board, sent.received, f"{mode} ply {len(board.move_stack)}")
                board.push(result.move)
                searches += 1
            mate = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
            sent.received.clear()
            engine.play(mate, chess.engine.Limit(time=0.5))
            check_search_output(mate, sent.received, f"{mode} mate in one")
            depth_lines = [line for line in sent.received if line.startswith("info depth")]
            check(len(depth_lines) <= 3, f"{mode}: the mate in one is reported in {len(depth_lines)} info lines")
    check(searches > 20, f"{searches} searches: every bestmove began the last PV, every PV was legal, no mate line twice")


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"ok: {what}")


def open_engine(path):
    return chess.engine.SimpleEngine.popen_uci(path, timeout=20)


def ponder_hit_and_miss(path, sent):
    with open_engine(path) as engine:
        board = chess.Board()
        first = engine.play(board, chess.engine.Limit(time=0.1), ponder=True)
        check(first.ponder is not None, "bestmove carries a ponder move")
        board.push(first.move)
        board.push(first.ponder)  # the opponent plays the expected reply
        sent.lines.clear()
        hit = engine.play(board, chess.engine.Limit(time=0.1), ponder=True)
        check("ponderhit" in sent.lines, "the expected reply is answered through ponderhit")
        check(hit.move in board.legal_moves, "the move after ponderhit is legal")
        board.push(hit.move)
        surprise = next(m for m in board.legal_moves if m != hit.ponder)
        board.push(surprise)
        sent.lines.clear()
        miss = engine.play(board, chess.engine.Limit(time=0.1), ponder=True)
        check("stop" in sent.lines and "ponderhit" not in sent.lines, "an unexpected reply stops the ponder search")
        check(miss.move in board.legal_moves, "the move after a ponder miss is legal")


def multipv_three(path):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    with open_engine(path) as engine:
        for mode in ("AlphaBeta", "Interest"):
            engine.configure({"SearchMode": mode})
            infos = engine.analyse(board, chess.engine.Limit(depth=4), multipv=3)
            check(len(infos) == 3, f"{mode}: MultiPV 3 gives three lines")
            firsts = [info["pv"][0] for info in infos]
            check(len(set(firsts)) == 3, f"{mode}: the three lines start with different moves")
            scores = [info["score"].relative.score(mate_score=100000) for info in infos]
            check(scores == sorted(scores, reverse=True), f"{mode}: lines come best first {scores}")
            # A time limit stops the search inside an iteration: the pane
            # still shows three different moves.
            for seconds in (0.1, 0.25, 0.5):
                infos = engine.analyse(chess.Board(), chess.engine.Limit(time=seconds), multipv=3)
                firsts = [info["pv"][0] for info in infos]
                check(len(infos) == 3 and len(set(firsts)) == 3, f"{mode}, {seconds} s: three distinct lines {firsts}")


def chess960_game(path):
    board = chess.Board.from_chess960_pos(518 - 100)
    castled = False
    with open_engine(path) as engine:
        for _ in range(80):
            if board.is_game_over():
                break
            result = engine.play(board, chess.engine.Limit(nodes=3000))
            castled |= board.is_castling(result.move)
            board.push(result.move)  # python-chess rejects an illegal move
    check(board.chess960 and len(board.move_stack) >= 40, f"a Chess960 game of {len(board.move_stack)} plies, all legal")
    print(f"   castled: {castled}")


def book_game(path):
    with open_engine(path) as engine:
        engine.configure({"OwnBook": True})
        board = chess.Board()
        from_book = 0
        while from_book == len(board.move_stack) and len(board.move_stack) < 40:
            result = engine.play(board, chess.engine.Limit(time=0.2), info=chess.engine.INFO_ALL)
            if "book move" in str(result.info.get("string", "")):
                from_book += 1
            board.push(result.move)
        check(from_book >= 4, f"the first {from_book} moves come from the book")
        result = engine.play(board, chess.engine.Limit(time=0.2), info=chess.engine.INFO_ALL)
        check(result.info.get("depth", 0) >= 1, "after the book the engine searches")


def bundled_book_agrees_with_its_source(repo):
    """Every entry of book/intrigue.bin, read by python-chess, is a move the
    source plays in a position whose python-chess Polyglot key it carries,
    weighted by how many lines play it; and every source move is in it."""
    book_path = os.path.join(repo, "book", "intrigue.bin")
    with open(book_path, "rb") as raw:
        data = raw.read()
    keys = [struct.unpack(">Q", data[i:i + 8])[0] for i in range(0, len(data), 16)]
    check(keys == sorted(keys), f"the book's {len(keys)} entries are sorted by key")
    expected = collections.Counter()
    found = {}
    # Replay the source once: count its moves and ask python-chess what the
    # book holds in every position on the way.
    with chess.polyglot.open_reader(book_path) as reader, \
            open(os.path.join(repo, "book", "openings.txt")) as source:
        for line in source:
            board = chess.Board()
            for san in line.split("#", 1)[0].split():
                for entry in reader.find_all(board):
                    found[(entry.key, entry.move)] = entry.weight
                move = board.parse_san(san)
                expected[(chess.polyglot.zobrist_hash(board), move)] += 1
                board.push(move)
    check(len(found) == len(keys), f"python-chess reaches all {len(keys)} entries from the source's positions")
    check(found == dict(expected), "each entry is a source move with its line count as weight, and no source move is missing")


def tablebase_endgames(path, syzygy_dir):
    if syzygy_dir is None:
        print("note: no Syzygy directory given; tablebase checks skipped")
        return
    with open_engine(path) as engine, chess.syzygy.open_tablebase(syzygy_dir) as tables:
        engine.configure({"SyzygyPath": syzygy_dir})
        for fen in ("8/8/8/3k4/8/8/8/4KQ2 w - - 0 1", "8/8/3k4/8/8/8/8/R3K3 w - - 0 1"):
            board = chess.Board(fen)
            info = engine.analyse(board, chess.engine.Limit(depth=6))
            check(info.get("tbhits", 0) > 0, f"{fen}: tbhits {info.get('tbhits')} > 0")
            for _ in range(60):
                if board.is_game_over():
                    break
                if board.turn == chess.WHITE:
                    move = engine.play(board, chess.engine.Limit(time=0.05)).move
                    board.push(move)
                    check_quiet = tables.probe_wdl(board) if board.outcome() is None else -2
                    if check_quiet != -2:
                        raise AssertionError(f"{fen}: {move} gave away the win")
                else:
                    # The defender resists as long as the tables allow.
                    board.push(max(board.legal_moves, key=lambda m: resistance(tables, board, m)))
            check(board.is_checkmate(), f"{fen}: mates in {len(board.move_stack)} plies, every move keeping the win")


def resistance(tables, board, move):
    board.push(move)
    try:
        dtz = tables.probe_dtz(board) if board.outcome() is None else 0
    finally:
        board.pop()
    return abs(dtz)


def research_knobs_behind_all_options(path):
    """As match.py configures engines: a research knob is refused by
    python-chess unless the engine runs with --all-options, and then it
    steers the search (fewer nodes with larger reductions)."""
    with open_engine(path) as engine:
        check("LmrBase" not in engine.options and "UCI_ShowWDL" in engine.options, "only players' options listed")
        try:
            engine.configure({"LmrBase": 250})
            check(False, "python-chess should refuse an unlisted option")
        except chess.engine.EngineError:
            pass
    nodes = {}
    for lmr in (75, 250):
        with chess.engine.SimpleEngine.popen_uci([path, "--all-options"], timeout=20) as engine:
            check("LmrBase" in engine.options, "--all-options lists the research knobs")
            engine.configure({"SearchMode": "AlphaBeta", "LmrBase": lmr})
            info = engine.analyse(chess.Board(), chess.engine.Limit(depth=9))
            nodes[lmr] = info["nodes"]
    check(nodes[250] < nodes[75], f"LmrBase reaches the search: {nodes}")


def main():
    path = sys.argv[1]
    syzygy_dir = sys.argv[2] if len(sys.argv) > 2 else None
    sent = SentLines()
    logging.getLogger("chess.engine").addHandler(sent)
    logging.getLogger("chess.engine").setLevel(logging.DEBUG)
    research_knobs_behind_all_options(path)
    ponder_hit_and_miss(path, sent)
    games_with_clean_output(path, sent)
    multipv_three(path)
    chess960_game(path)
    book_game(path)
    tablebase_endgames(path, syzygy_dir)
    bundled_book_agrees_with_its_source(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    print("all python-chess client checks passed")


if __name__ == "__main__":
    main()
