//! Iterative-deepening principal variation search with a transposition table.
//!
//! The search core does no I/O: it reads the board, the limits and a stop flag, and
//! returns a [`SearchResult`]. Steps are numbered as in the code.

mod vcf;
mod vct;

use crate::board::{threat_mask_table, Board, Threat, THREAT_MASKS};
use crate::cellset::CellSet;
use crate::pattern::Pattern;
use crate::tt::{Bound, TransTable};
use crate::types::{is_mate, loss_in, win_in, Color, Pos, Rule, Score, INFINITY, WIN, WIN_MIN};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Deepest ply the search ever reaches.
pub const MAX_PLY: usize = 128;

/// Search tunables, all in one place.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Late move reductions start at this depth ...
    pub lmr_min_depth: i32,
    /// ... and after this many moves.
    pub lmr_min_moves: usize,
    /// Another iteration starts only if the last one's time, times this, still fits
    /// before the hard limit. 1 (start it when a repeat of the last one would fit) beat
    /// 3 by +59.6 Elo at 100 ms/move: a cut-off iteration still fills the table and
    /// can change the move (a fully searched better root move is kept). This applies
    /// under a match clock (see [`Limits::banked`]) ...
    pub iteration_growth: u32,
    /// ... and this under a turn limit alone, where the soft limit already stops at
    /// 4/5 of the hard one and time left over is lost. 0 (start another iteration
    /// whenever the soft limit has not passed) against 1 at 100 ms/move, 15x15:
    /// standard 1207 games +634 =19 -554, +23.1 Elo [+3.6, +42.6]; freestyle 1169
    /// games +595 =17 -557, +11.3 [-8.5, +31.1]; both +17.3 [+3.4, +31.2] (2376
    /// games); renju 718 games +359 =7 -352, +3.4 [-21.9, +28.7]; caro 615 games +280
    /// =54 -281, -0.6 [-26.8, +25.7] (both stopped). Mean think time 39 ms against 36,
    /// maximum 73 ms against 72 (standard and freestyle).
    pub iteration_growth_turn: u32,
    /// Weight of the side to move's cell values, in percent of the opponent's. The
    /// evaluation and the pruning margins are tuned together, and 120 is a sharp
    /// optimum: against it at 100 ms/move, 100 scored 1-13, 110 -182.4 Elo (54 games),
    /// 115 -63.0 (H0, 145), 130 -56.9 (154), 140 -162.5 (55); 120 set the same way
    /// scored 0.0 in 188 games. With 100 the depth-10 bench took 7 times the nodes.
    /// Under caro 140 (whose depth-14 caro15-middle tree is 1.60M nodes against 2.86M)
    /// scored -101.4 [-142.8, -62.6] (111 game pairs, H0). Retested with the pruning of
    /// November 2026 (game pairs, stopped): 115 under freestyle, 279 games, 139 pairs
    /// [36, 7, 81, 2, 13], -64.5 [-99.8, -30.4]; 125 under freestyle 639 games, 319
    /// pairs [59, 6, 190, 7, 57], -1.6 [-25.0, +21.7]; standard 309 games, 154 pairs
    /// [31, 7, 97, 4, 15], -39.7 [-70.7, -9.2]; renju 342 games, 171 pairs [29, 7, 108,
    /// 4, 23], -15.2 [-44.9, +14.1]; caro, two runs, 620 games, 310 pairs [47, 38, 145,
    /// 41, 39], -7.3 [-29.9, +15.3] and 499 games, 249 pairs [43, 28, 120, 27, 31],
    /// -17.5 [-43.2, +8.1]. The trees follow the weight at the leaves far more than in
    /// the pruning: std15-middle's depth-13 tree is 337K nodes at 120, 1.54M with 100
    /// in the horizon's evaluation only, 514K with 100 in the static pruning only,
    /// 2.92M with 100 in both; depth-12 caro trees of `scripts/middle15.txt` 306K at
    /// 120, 246K at 125.
    pub tempo_percent: i32,
    /// Fours the side to move may spend on a VCF at a leaf of the main search. 10
    /// beat 6 by +59.8 Elo at 100 ms/move (the VCF is narrow, and its cache keeps the
    /// longer searches cheap); 14 against 10 scored 0.0 (774 games, stopped). After the
    /// local leaf VCF (`leaf_vcf_local`), 6 against 10: +7.2 [-25.1, +39.6] under
    /// freestyle (436 games, stopped). Under caro, where each four may have two
    /// defences, 2 halved caro15-middle's depth-15 tree (2.66M to 1.31M nodes; depth
    /// 16 6.81M to 4.42M, still depth 14 in a second) and cut the depth-12 caro trees
    /// of `scripts/middle15.txt` from 294.2K to 259.7K, but against 10 at 100 ms/move
    /// scored 251 games +97 =31 -123, -36.1 Elo, stopped at LLR -1.09. The threat
    /// search as a whole, played late (the first engine had it before the match
    /// runner existed): the default against this and `root_vcf_fours` both 0 (no VCF
    /// at the leaves or the root; a five in one is still seen), at 100 ms/move (game
    /// pairs, SPRT 0/10): freestyle 204 games, 102 pairs [3, 1, 64, 5, 29], +97.9 Elo
    /// [+62.1, +135.8], H1; renju 379 games, 189 pairs [17, 3, 109, 4, 56], +73.7
    /// [+43.5, +105.1], H1.
    pub leaf_vcf_fours: i32,
    /// Fours allowed to the VCF solver run before the main search (0: off) ...
    pub root_vcf_fours: i32,
    /// ... which may spend at most this many percent of the move's expected time
    /// (the soft limit) and of the node limit. With 20 fours and no share, the
    /// solver could spend the whole move: under caro, where a four may have two
    /// defences, it took 247K nodes and found nothing in a won middle game (a test
    /// now), and at 100 ms/move the main search then finished no iteration. Self-play
    /// at 100 ms/move, 200 games a rule, before the share: 13 caro moves of 10,212
    /// played before depth 1 finished (3, 2 and 1 under freestyle, standard and
    /// renju). The solver's wins in those games cost a median of 1 node (cache
    /// hits) and never more than 73K. 25 against the whole move, at 100 ms/move (the
    /// change acts on a few moves in a thousand, too few to show): caro 651 games
    /// +298 =51 -302, -2.1 Elo [-27.8, +23.5]; freestyle 647 games +311 =13 -323,
    /// -6.4 [-33.0, +20.1]; standard 601 games +292 =15 -294, -1.2 [-28.6, +26.3]
    /// (all stopped).
    pub root_vcf_percent: i32,
    /// Threes and fours allowed to the VCT solver run before the main search, after
    /// the VCF solver (0: off). Off by default: with 8 threats and 10% of the expected
    /// time it scored -2.6 Elo at 100 ms/move and +18.3 at 300 ms/move (400 games
    /// each, undecided). Retested at 300 ms/move after the local leaf VCF: freestyle
    /// +32.7 (64 games) then -9.3 [-65.3, +46.1] (149), standard 0.0 [-51.1, +51.1]
    /// (177), stopped. Renju at 100 ms/move with `forced_ext` (screened set): 582
    /// games, 291 pairs [49, 6, 180, 8, 48], 0.0 [-23.5, +23.5], stopped. The
    /// tactical suite and analysis turn it on ...
    pub root_vct_threats: i32,
    /// ... which may spend at most this many nodes ...
    pub root_vct_nodes: i32,
    /// ... and this many percent of the time left before the soft limit (the move's
    /// expected time) and of the node limit.
    pub root_vct_percent: i32,
    /// Late move pruning applies at depths up to this (0: off). 3 against off: +65.0 Elo
    /// at 100 ms/move (200 games); 5 against 3: -11.0 (H0, 444 games). Scaling the
    /// move count by whether the static evaluation improved on two plies before
    /// (branch `exp/improving`) also lost: 60% when not improving -5.1 (H0, 617), 150%
    /// when improving -6.5 (H0, 533). Skipping the late moves that make a three or stop
    /// one too (ordered as threats; fours and forced replies kept), with `vcf_stand_pat`:
    /// depth-12 trees of `scripts/middle15.txt` freestyle 183K to 161K nodes, renju 200K
    /// to 174K, caro up by a third (before the stand pat); at 100 ms/move (game pairs,
    /// SPRT 0/10) freestyle 1380 games, 690 pairs [111, 14, 434, 17, 114], +2.3 Elo
    /// [-12.8, +17.3], stopped; renju 984 games, 492 pairs [95, 14, 304, 10, 69], -19.8
    /// [-37.9, -1.8], H0. One ply deeper gained under standard and caro: see
    /// `lmp_deeper` ...
    pub lmp_max_depth: i32,
    /// ... after `lmp_base + depth * depth` moves. 4 against 5 after the local leaf VCF:
    /// freestyle 1723 games +848 =26 -849, -0.2 [-16.5, +16.1]; standard 1135 games +564
    /// =28 -543, +6.4 [-13.5, +26.4]; both stopped.
    pub lmp_base: usize,
    /// Move count pruning at every depth (CITE: Rapfi's futility move count, after
    /// Stockfish's move count pruning): at a non-PV node that need not stop a five,
    /// once a move that does not lose is found, the quiet moves after the node's
    /// first 3 + depth^1.32 * `mcp_percent` / 100 moves are skipped. With the default
    /// 150, tighter than late move pruning where that applies (4, 6, 9, 12 moves at
    /// depths 1-4 against 6, 9, 14, 21), and it goes on where that stops (34 at depth
    /// 10). Threes, stops of threes and fours are never skipped. 1: under `MCP_RULES`
    /// on boards up to 15x15 and `MCP_LARGE_RULES` on larger ones; 2: always; 0: off.
    /// At `mcp_percent` 100, depth-12 trees of `scripts/middle15.txt`, on against off:
    /// freestyle 182.7K to 135.1K nodes, standard 217.5K to 183.2K, renju 169.5K to
    /// 160.4K, caro 305.5K to 275.6K; caro15-middle's depth-16 tree 7.25M to 2.78M.
    /// On (at 100) against off at 100 ms/move (game pairs, SPRT 0/10):
    /// - freestyle: 754 games, 377 pairs [36, 9, 253, 6, 73], +32.8 Elo [+13.8,
    ///   +52.0], H1;
    /// - freestyle 20x20: 1139 games, 569 pairs [84, 0, 355, 0, 130], +28.1 [+10.7,
    ///   +45.7], H1;
    /// - standard: 1125 games, 562 pairs [77, 22, 355, 25, 83], +4.6 [-11.2, +20.5],
    ///   stopped;
    /// - renju: 879 games, 439 pairs [77, 13, 258, 11, 80], +1.6 [-18.2, +21.4],
    ///   stopped;
    /// - caro: 443 games, 221 pairs [30, 29, 98, 32, 32], +5.5 [-21.6, +32.7],
    ///   stopped.
    ///
    /// At the default 150, `mcp` 2 against 1 (so on against off; depth-12 standard
    /// trees 217.5K to 165.5K nodes) at 100 ms/move:
    /// - standard: 2284 games, 1142 pairs [141, 52, 708, 51, 190], +14.8 [+3.5,
    ///   +26.0], H1 (so standard is in `MCP_RULES`);
    /// - caro: 792 games, 396 pairs [51, 41, 203, 48, 53], +4.8 [-14.5, +24.2],
    ///   stopped (it cut caro15-middle's depth-16 tree from 7.25M to 4.13M nodes);
    ///   again with caro's threat mask (depth 16 5.61M to 3.90M nodes, depth-13 caro
    ///   trees of `scripts/middle15.txt` 643.6K to 566.1K): 774 games, 387 pairs [53,
    ///   44, 185, 46, 59], +6.3 [-14.1, +26.7], stopped; two more runs beside each
    ///   other, together 184 pairs [31, 19, 90, 19, 25], -11.3 [-41.4, +18.6], and all
    ///   three 571 pairs [84, 63, 275, 65, 84], +0.6 [-16.3, +17.5], stopped; once
    ///   ProbCut was on under caro (depth-12 caro trees of `scripts/middle15.txt`
    ///   201.0K to 175.1K nodes): 616 games, 308 pairs [22, 36, 152, 47, 51], +39.1
    ///   [+18.0, +60.5], H1; a second run, 389 games, 194 pairs [19, 20, 103, 26,
    ///   26], +17.9 [-8.4, +44.4], stopped by the clock; both, 502 pairs, +30.9
    ///   [+14.4, +47.5]: on there (`MCP_RULES`);
    /// - renju: 804 games, 402 pairs [73, 9, 248, 12, 60], -9.9 [-29.9, +10.0],
    ///   stopped (LLR -1.45); on there too once ProbCut was (see `mcp_percent`).
    ///
    /// Halving the count where the static evaluation has not improved on two plies
    /// before (Rapfi's form) lost under freestyle: 383 games, 191 pairs [33, 9, 120,
    /// 7, 22], -21.9 [-49.4, +5.4], stopped; so did skipping the threes and stops of
    /// threes after the count too (fours kept): 245 games, 122 pairs [27, 6, 69, 4,
    /// 16], -34.3 [-72.4, +3.0], stopped.
    pub mcp: i32,
    /// ... with this scale in percent. 150 against 100 at 100 ms/move (game pairs, SPRT
    /// 0/10):
    /// - freestyle: 2490 games, 1245 pairs [151, 49, 795, 50, 200], +13.8 Elo [+3.2,
    ///   +24.4], H1 (a first run, 1088 games, 544 pairs [65, 16, 354, 23, 86], +15.7
    ///   [-0.2, +31.6], had been stopped by the clock);
    /// - freestyle 20x20: 2376 games, 1188 pairs [169, 0, 799, 1, 219], +14.8 [+3.5,
    ///   +26.1], H1.
    ///
    /// 200 against 150 under freestyle: 671 games, 335 pairs [65, 7, 211, 9, 43], -21.8
    /// [-43.4, -0.4], stopped. Depth-12 freestyle trees of `scripts/middle15.txt`
    /// 135.1K nodes at 100, 132.7K at 150. Under standard, `mcp` 2 with 150 against
    /// off: 1324 games, 662 pairs [73, 31, 443, 26, 89], +7.1 [-6.6, +20.8], and again
    /// 589 games, 294 pairs [37, 16, 190, 13, 38], -0.6 [-21.6, +20.4], both stopped;
    /// a third run (see `mcp`) accepted H1, and all three together, 2098 pairs [251,
    /// 99, 1341, 90, 317], score +10.2 [+2.1, +18.2]: on there. 200 against 150 under
    /// standard with it on: 691 games, 345 pairs [49, 8, 242, 7, 39], -10.6 [-29.5,
    /// +8.3], stopped. Under renju, the same: 1402 games, 701 pairs [107, 17, 426, 11,
    /// 140], +14.9 [-0.6, +30.4], LLR 1.59, stopped by the clock (renju depth-12 trees
    /// 169.5K to 132.1K nodes); rerun, 1545 games, 772 pairs [127, 15, 494, 13, 123], -2.3
    /// [-16.4, +11.9], stopped (it had led by +21.6 at 113 pairs): off there; on at
    /// 200, against off: 635 games, 317 pairs [48, 10, 205, 9, 45], -3.8 [-25.1,
    /// +17.4], stopped. Once ProbCut was on under renju, on at 150 against off: 834
    /// games, 417 pairs [48, 13, 250, 23, 83], +33.4 [+14.3, +52.8], H1; again, 1318
    /// games, 659 pairs [75, 23, 423, 22, 116], +21.4 [+6.7, +36.1], H1: on there
    /// (`MCP_RULES`). Renju15-middle's depth-16 tree 1.135M to 0.465M nodes. Then 125
    /// against 150 under renju: 570 games, 285 pairs [41, 10, 182, 15, 37], -1.8
    /// [-23.8, +20.1], stopped.
    /// 125 against 150 under freestyle: 664 games, 332 pairs [42, 13, 216, 13, 48],
    /// +6.3 [-13.9, +26.5], stopped; under freestyle 20x20, two runs side by side, 681
    /// games, 340 pairs [64, 0, 232, 1, 43], -21.0 [-41.8, -0.3], stopped.
    pub mcp_percent: i32,
    /// Late move reductions grow as ln(depth) * ln(move number) * 100 / this (0: the
    /// fixed one or two plies), under freestyle and caro (standard and renju have
    /// their own, below). 250, with `rfp_margin` 100 and `aspiration` 60, beat
    /// all three off by +63.2 Elo at 100 ms/move (each alone: +13.9, +6.1, +10.4,
    /// undecided). Retested after the local leaf VCF, under freestyle against 250: 220
    /// -12.8 [-45.4, +19.6] (435 games), 280 -12.9 [-47.8, +21.8] (377), both stopped.
    /// One ply less at PV nodes (Stockfish's and Rapfi's PV reduction, branch
    /// `exp/trivial`) grew the depth-13 bench tree from 3.15M to 5.02M nodes and lost:
    /// freestyle -9.6 [-23.4, +4.1] over 649 game pairs, SPRT H0. Freestyle 20x20
    /// (game pairs): 300 -15.0 [-31.1, +1.0] (486, H0), 200 -25.9 [-45.9, -6.0]
    /// (323, H0). Caro (game pairs; depth-12 caro trees of `scripts/middle15.txt`
    /// 305.5K nodes at 250, 311.7K at 200, 383.7K at 300): 200 -32.0 [-65.0, +0.4]
    /// (136 pairs [20, 23, 70, 8, 15]), 300 -9.7 [-38.4, +18.8] (197 pairs [30, 26,
    /// 92, 23, 26]), both stopped.
    pub lmr_log_div: i32,
    /// The same under standard (exactly five), where less reduction did better: 300
    /// against 250 at 100 ms/move scored +31.4 Elo [+5.7, +57.4] (688 games, SPRT
    /// H1) and, rerun in random opening order, +12.6 [-2.6, +27.8] (1992 games,
    /// stopped); both runs together +17.4 [+4.3, +30.5] in 2680 games. 200 against
    /// 250 had scored +11.5 (1297 games, stopped). Under renju 300 scored -25.9 (148
    /// games, stopped), and under caro 200 -39.5 (H0, 203) and 300 -2.4 [-23.2, +18.4]
    /// (364 game pairs, stopped). With the lean set (see `lmr_early`), 250 against
    /// 300 under standard: 650 games, 325 pairs [39, 13, 230, 5, 38], -5.3 [-24.3,
    /// +13.6], stopped; 350 against 300: 776 games, 388 pairs [61, 20, 250, 6, 51],
    /// -15.2 [-34.4, +3.8], stopped (LLR -2.13).
    pub lmr_log_div_standard: i32,
    /// The same under renju, where more reduction did better: 200 against 250 at 100
    /// ms/move (game pairs, SPRT 0/10): 1282 games, 641 pairs [80, 18, 402, 19, 122],
    /// +23.1 Elo [+7.7, +38.5], H1; a second run at the same time, 957 games, 478
    /// pairs [60, 15, 309, 10, 84], +15.6 [-1.8, +33.1], stopped. Depth-12 renju
    /// trees of `scripts/middle15.txt` 169.5K to 118.8K nodes. 160 against 200: 628
    /// games, 314 pairs [57, 9, 188, 11, 49], -7.7 [-30.7, +15.1], stopped.
    /// With renju's fitted tables (whose depth-16 renju15-middle tree, 1.12M nodes,
    /// left that position at depth 15 or 16 in 1 s), 180 against 200: that tree 0.78M
    /// nodes, depth-13 renju searches of `scripts/middle15.txt` 3.20 s to 2.23 s; two
    /// runs side by side, together 828 games, 413 pairs [76, 16, 246, 10, 65], -11.8
    /// [-31.9, +8.2], stopped (the first at LLR -1.83).
    pub lmr_log_div_renju: i32,
    /// Late move reductions also for the moves that make a three or stop one of the
    /// opponent's (ordered as threats, so never reduced with 0), the same as for a
    /// quiet move. 1: both under freestyle and standard, only the stops under renju,
    /// neither under caro; 2: both under every rule. At 100 ms/move:
    /// - freestyle, both against neither: 968 games +514 =6 -448, +23.7 Elo [+1.9,
    ///   +45.7], LOS 98.4%; stops only against both: +4.5 (1166 games, H0);
    /// - standard, both against neither: 567 games +307 =12 -248, +36.3 [+8.0, +65.0],
    ///   SPRT H1; stops only against both: -30.5 (251 games, H0);
    /// - renju, stops only against neither: 983 games +524 =11 -448, +26.9 [+5.3,
    ///   +48.7], H1; both: -3.7 (652 games) and -35.5 (226, H0); our threes only:
    ///   -16.2 (387, H0);
    /// - caro, both: -20.7 (319 games, H0); stops only: -22.0 (316, H0); both again
    ///   later (game pairs): 307 pairs [49, 33, 161, 16, 48], -10.8 [-34.0, +12.4],
    ///   stopped, though it shrinks the depth-15 caro15-middle tree from 7.76M to 2.41M
    ///   nodes; and after the table fix, 196 pairs [33, 15, 109, 17, 22], -17.7
    ///   [-45.4, +9.7], stopped (three runs, all below 0); with the lean set (see
    ///   `lmr_early`; depth-12 caro trees of `scripts/middle15.txt` 541K to 366K
    ///   nodes), 170 pairs [31, 14, 83, 16, 26], -8.2 [-40.5, +24.0], stopped; both,
    ///   but never by more than one ply: caro15-middle's depth-16 tree 7.25M to 3.42M
    ///   nodes, the mean depth of the caro positions of `scripts/middle15.txt` in 1.8M
    ///   nodes 14.25 to 15.00; 139 pairs [20, 21, 73, 16, 9], -33.9 [-64.2, -4.0],
    ///   stopped.
    ///
    /// One ply less than a quiet move's had scored +5.2 in freestyle (4810 games), -2.2
    /// in renju (1391) and -6.6 in standard (575).
    pub lmr_threes: i32,
    /// Under caro, where `lmr_threes` 1 reduces neither kind, both kinds are reduced
    /// at nodes at least this many plies deep (0: never), on boards up to 15x15.
    /// Tactics near the horizon keep their full depth; the reductions that save most
    /// are the deep ones (each spares a subtree of many plies). Depth-12 caro trees
    /// of `scripts/middle15.txt` 305.5K nodes with 0, 214.6K at 3, 229.4K at 7,
    /// 223.5K at 9 (totals 4.02M, 3.10M, 3.25M, 3.19M); mean depth of their 12 caro
    /// positions in 1.8M nodes 14.25 with 0, 15.58 at 7, 15.50 at 9, 15.33 at 5 (the
    /// threes alone from 7: total 3.73M, depth 15.08; the stops alone: 4.23M,
    /// 14.67). The plies did not make a stronger engine: 7 against 0 under caro
    /// (game pairs, SPRT 0/10), at 100 ms/move 351 games, 175 pairs [20, 25, 94,
    /// 20, 16], -12.9 Elo [-39.8, +13.8]; at 300 ms/move, two runs together, 583
    /// games, 291 pairs [30, 49, 138, 43, 31], -2.4 [-23.9, +19.1]; all stopped.
    /// Again at 100 ms/move with ProbCut and move count pruning on under caro: 282
    /// games, 141 pairs [23, 18, 66, 18, 16], -17.3 [-50.9, +16.1], stopped. Left at 0.
    pub lmr_threes_from: i32,
    /// Futility pruning: at non-PV nodes up to `futility_max_depth`, quiet moves are
    /// skipped when the static evaluation plus this much a ply cannot reach alpha
    /// (0: off) ...
    pub futility_margin: i32,
    /// ... at depths up to this, which also bounds reverse futility. (Futility at 80 a
    /// ply scored +0.9 Elo: left off; on freestyle 20x20, 80 against off at 100
    /// ms/move, 1452 games, 726 game pairs [95, 0, 536, 0, 95], 0.0 [-12.9, +12.9],
    /// stopped: off there too.) 5 against 3, with the local leaf VCF, shrank
    /// the depth-14 bench tree from 7.3M to 4.4M nodes but lost: freestyle -26.0 Elo
    /// (H0, 295 games), standard -6.4 (H0, 544). Under caro with the lean set (see
    /// `lmr_early`; depth-12 caro trees of `scripts/middle15.txt` 541K to 396K
    /// nodes): 1293 games, 646 pairs [87, 71, 312, 69, 107], +10.2 [-5.7, +26.2],
    /// stopped (LLR 0.79 of 2.94 after 71 minutes); again, 504 games, 252 pairs [49,
    /// 24, 114, 29, 36], -14.5 [-41.4, +12.3], stopped (both runs, 898 pairs: +3.3).
    pub futility_max_depth: i32,
    /// Reverse futility: a non-PV node within `futility_max_depth` of the horizon,
    /// with no opponent three or four on the board, whose evaluation beats beta by
    /// this much a ply returns the evaluation (0: off). 130 against 100 after the
    /// local leaf VCF: +2.1 Elo [-24.3, +28.6] (freestyle, 653 games, stopped).
    /// Under caro, 150 against 100: -0.5 [-22.8, +21.8] (337 game pairs, stopped);
    /// under renju, 80 against 100: 639 games, 319 pairs [61, 5, 206, 6, 41], -21.3
    /// [-43.2, +0.5], stopped (LLR -2.14). Freestyle 20x20, two runs side by side:
    /// 130 against 100, 1044 games, 522 pairs [102, 0, 345, 0, 75], -18.0 [-35.4,
    /// -0.7], H0; 75 against 100, 1286 games, 643 pairs [119, 0, 430, 0, 94], -13.5
    /// [-29.0, +1.9], H0.
    /// Kept off where the side to move made a four on each of its last two moves
    /// (Rapfi's guard for a running attack): depth-12 trees of `scripts/middle15.txt`
    /// freestyle 132.7K to 137.6K nodes, caro 305.5K to 355.3K; freestyle at 100
    /// ms/move 911 games, 455 pairs [47, 24, 316, 16, 52], +0.8 [-14.9, +16.4],
    /// stopped: not kept.
    pub rfp_margin: i32,
    /// Half width of the aspiration window around the previous iteration's score
    /// (0: full window). 40 against 60 at 100 ms/move: -17.7 Elo (H0, 354 games).
    /// Re-search windows that follow the fail-soft score, as in Stockfish (a fail low
    /// draws the high bound halfway down, the step grows by half; branch `exp/asp`),
    /// cut the depth-14 bench tree from 7.34M to 6.24M nodes and took std15-middle to
    /// depth 16 in 1 s (there, one wide re-search had cost half the depth-15 tree),
    /// but grew the depth-16 bench tree from 25.5M to 28.2M (caro) and did not
    /// gain: standard -1.9 Elo [-31.1, +27.2] (538 games) at 100 ms/move, +1.9 (180)
    /// at 300 ms/move; freestyle -2.6 (133) at 300 ms/move. Where `aspiration_wide`
    /// applies (see there), that instead.
    pub aspiration: i32,
    /// The half width of the aspiration window under the rules of
    /// `ASPIRATION_WIDE_RULES` on boards up to 15x15 and of
    /// `ASPIRATION_WIDE_LARGE_RULES` on larger ones (equal to `aspiration`: off).
    /// The scores of our iterations swing by hundreds: at 60, the last iteration of
    /// the depth-12 searches of `scripts/middle15.txt` took 3.4 (renju) to 5.0
    /// (standard) windows a position, and std15-middle's depth-16 search 2.81M nodes
    /// (1.19M at 150). 150 against 60 at 100 ms/move, SPRT 0/10, game pairs:
    /// - standard: 1674 games, 837 pairs [109, 29, 511, 38, 150], +18.9 Elo [+5.4,
    ///   +32.4], H1;
    /// - freestyle: 2454 games, 1227 pairs [167, 39, 790, 31, 200], +8.2 [-2.7,
    ///   +19.1], stopped (LLR 1.14, where it had stayed for 1300 games); again, 1090
    ///   games, 545 pairs [82, 17, 355, 20, 71], -6.1 [-22.0, +9.9], stopped;
    /// - renju: 1610 games, 805 pairs [110, 14, 509, 18, 154], +19.9 [+6.0, +33.8], H1;
    /// - freestyle 20x20: 1458 games, 729 pairs [94, 0, 498, 0, 137], +20.5 [+6.4,
    ///   +34.7], H1 (so on larger boards under the rules of
    ///   `ASPIRATION_WIDE_LARGE_RULES`; standard and renju 20x20 with other
    ///   switches, see `LEAN_LARGE_RULES`);
    /// - caro: 721 games, 360 pairs [61, 45, 150, 47, 57], -2.9 [-25.4, +19.6],
    ///   stopped: left at 60; caro 20x20 (with the lean set and the deeper late
    ///   move pruning, before move count pruning joined them there): 797 games, 398
    ///   pairs [71, 4, 232, 2, 89], +14.8 [-6.9, +36.7], stopped by the clock (LLR
    ///   0.80); again with move count pruning on there: 445 games, 222 pairs [42, 0,
    ///   140, 1, 39], -3.9 [-31.6, +23.8], stopped: left at 60 there too. Caro
    ///   again with its threat mask (depth-13 caro trees of `scripts/middle15.txt`
    ///   643.6K to 489.7K nodes, caro15-middle's depth 16 5.61M to 4.18M): 470 games,
    ///   235 pairs [32, 31, 121, 23, 28], -11.8 [-36.8, +13.0], stopped.
    ///
    /// Not here: a window widened by half the gap between the last two iterations'
    /// scores (new half width `aspiration + |last - before| / 2`): freestyle 829
    /// games, 414 pairs [73, 13, 254, 13, 61], -10.1 [-29.6, +9.4], stopped. The
    /// depth-13 trees of `scripts/middle15.txt` moved both ways (freestyle 335K to
    /// 288K nodes, standard 363K to 392K).
    pub aspiration_wide: i32,
    /// Internal iterative reduction: a node at least this deep (0: off) with no
    /// transposition-table move is searched one ply shallower (its move order is a
    /// guess anyway, and the next iteration will have a table move). 4 against off at
    /// 100 ms/move: +58.5 Elo (freestyle, SPRT H1 in 276 games), +17.4 (renju, 400
    /// games, undecided); 3 against 4: -19.0 (H0, 348 games). With the lean set (see
    /// `lmr_early`), 3 against 4 under standard (depth-12 trees of
    /// `scripts/middle15.txt` 325K to 272K nodes): 357 games, 178 pairs [40, 6, 107,
    /// 4, 21], -39.2 [-69.9, -9.1], stopped.
    pub iir_min_depth: i32,
    /// Percent of the stability time scaling to apply (0: the soft limit as given).
    /// The soft limit grows when the best move keeps changing or the score falls, and
    /// shrinks (under a match clock) when the best move has held for several
    /// iterations; the hard limit still bounds it. 100 against 0 at 4 s a game
    /// (2 s/move): 1400 games +733 =11 -656, +19 Elo [+1, +37]; it spent about 7% more
    /// time a move (the match clock was underused, see `Clock::budget`). Never
    /// shrinking under a match clock either (self-play leaves about half of it unused
    /// under freestyle and standard, see `time::MOVES_LEFT`), against the default at 6
    /// s a game (game pairs): freestyle 372 games, 186 pairs [25, 5, 125, 8, 23], -0.9
    /// Elo [-27.2, +25.3]; standard 381 games, 190 pairs [25, 5, 132, 9, 19], -7.3
    /// [-32.1, +17.4]; both stopped.
    pub time_stability: i32,
    /// Our moves still to come on an empty board, as the match clock is planned (see
    /// `Clock::budget_planning`).
    pub time_moves_left: i32,
    /// Razoring: a quiet non-PV node at depth 1 or 2 whose evaluation plus this much
    /// a ply cannot reach alpha is resolved by the horizon's threat search and
    /// evaluation instead (0: off; CITE: razoring, as in Stockfish and Rapfi). 200
    /// against off at 100 ms/move: +67.2 Elo [+21.3, +115.5], SPRT H1 in 220 games;
    /// 400 against 200: -15.4 (H0, 407 games); 100 against 200: -2.1 (507 games).
    /// Off against 200 under the other rules: renju -47.2 (H0, 185 games), caro -81.1
    /// (H0, 109), standard -32.0 (H0, 261). Razoring at depth 3 too: -23.4 (H0, 298).
    /// Reverse futility margins with razoring on: 150 against 100 -5.0 (H0, 621
    /// games), 60 against 100 -8.7 (360, stopped). After the local leaf VCF
    /// (freestyle): 300 against 200 -34.1 [-70.5, +1.6] (358 games), 150 against 200
    /// -14.9 [-54.3, +24.1] (303), both stopped. Under caro, 400 against 200: +0.5
    /// [-14.7, +15.7] (740 game pairs, stopped).
    pub razor_margin: i32,
    /// History and killers also for the moves that make a three or stop one of the
    /// opponent's (ordered as threats, which with the table move take nearly every
    /// cut-off in a middle game): every cut-off move below a four, the table move
    /// included, is credited, and three-class moves are ordered by history within
    /// their threat class. 1: under standard only; 2: under every rule; 0: only quiet
    /// moves that are not the table move. At 100 ms/move against 0:
    /// - standard: 3000 games +1539 =31 -1430, +12.6 Elo [+0.3, +25.0], LOS 97.7%
    ///   (SPRT 0/30 undecided); the depth-13 bench tree of std15-middle shrank from
    ///   1.07M to 0.61M nodes;
    /// - freestyle: 182 games +78 =1 -103, -48.0 [-100.3, +2.1], SPRT H0;
    /// - caro: 1372 games +679 =69 -624, +13.9 [-4.0, +31.9], stopped (not shown);
    /// - renju: 1276 games +646 =10 -620, +7.1 [-11.9, +26.1], stopped (two runs).
    ///
    /// After the local leaf VCF, 2 against 1 under freestyle: 464 games +226 =7 -231,
    /// -3.7 [-35.2, +27.7], stopped. Under caro it shrank the depth-14 caro15-middle
    /// tree from 3.50M to 1.98M nodes but lost: 184 games -20.8 [-70.3, +27.9], then
    /// 205 games -42.6 [-90.9, +4.1], both stopped.
    pub hist_threes: i32,
    /// The leaf VCF (at the horizon, also under razoring) tries only the fours near the
    /// side to move's own last stone, in the 5x5 square around it or on its four lines
    /// within four points, so that each four of a sequence continues the one before
    /// (1; 0: every four on the board). The root VCF stays full. The depth-14 bench
    /// tree shrank from 13.6M to 7.3M nodes. 1 against 0 at 100 ms/move, SPRT 0/30:
    /// - freestyle: 354 games +201 =2 -151, +49.4 Elo [+13.4, +86.5], H1;
    /// - standard: 489 games +271 =1 -217, +38.5 [+7.8, +69.9], H1;
    /// - renju: 398 games +224 =0 -174, +43.9 [+9.8, +78.8], H1;
    /// - caro: 90 games +60 =2 -28, +129.2 [+57.8, +213.0], H1;
    /// - freestyle 20x20: 193 games +117 =0 -76, +74.9 [+26.0, +127.1], H1.
    ///
    /// Also allowing a plain four (one that makes nothing else) only as the first two
    /// fours or after two fours that made more, as Rapfi does, cut only 3% more
    /// nodes: not kept.
    pub leaf_vcf_local: i32,
    /// A table entry whose score is a proven win or loss cuts off at any depth (1),
    /// not only at its own depth or less (0). The leaf VCF looks only near the side's
    /// last stone (`leaf_vcf_local`), so whether a subtree proves a win can depend on
    /// the path into it; with 0, a deeper iteration could lose a win a shallower one
    /// had proved (caro game 193 of a self-play audit: the winner proved a win, then
    /// its next search missed it; a fresh search of its position finds the win at
    /// depths 4 to 8, 10 and 11, not at 9). With 1, a proof once stored stays.
    /// The depth-14 bench tree went from 6.99M to 6.71M nodes. 1 against 0 at
    /// 100 ms/move, both stopped without a decision (SPRT 0/20):
    /// - freestyle, before the local VCF cache key took the last stone: 519 games
    ///   +258 =8 -253, +3.3 Elo [-26.4, +33.1];
    /// - caro: 985 games +465 =58 -462, +1.1 [-20.0, +22.1].
    pub tt_mate: i32,
    /// The static pruning (razoring, reverse futility; futility too when on) reads the
    /// table's score in place of the evaluation where the entry's bound says the position
    /// is better (lower bound) or worse (upper bound) than the evaluation, or is exact
    /// (CITE: as Stockfish and Rapfi do). 1: under the rules of `TT_EVAL_RULES` (freestyle;
    /// standard, renju and caro as part of the lean set, see `lmr_early`) on boards up to
    /// 15x15 and of `TT_EVAL_LARGE_RULES` (standard) on larger ones; 2: always; 0: off.
    /// The depth-13 bench tree went from 3.15M to 2.87M nodes. Alone, at 100 ms/move (game
    /// pairs, SPRT 0/10): freestyle +4.6 Elo [-3.7, +12.8] over 1861 pairs (stopped);
    /// standard in four runs, +4.8 [-6.4, +16.0] over 1046, +4.5 [-5.3, +14.3] over 1344,
    /// +8.8 [-4.3, +22.0] over 748 (these three stopped) and -2.0 [-11.2, +7.3] over 1509
    /// (H0), all four 4647 pairs +3.2 [-2.1, +8.5]: no gain shown alone (with the lean set
    /// it is on under standard). With `cont_attack`, see there. Renju 20x20, 2 against 1
    /// (with renju's large-board set): 865 games, 432 pairs [63, 0, 293, 0, 76], +10.5
    /// [-8.1, +29.1], stopped by the clock (LLR 0.61); again, 1013 games, 506 pairs [85, 0,
    /// 325, 0, 96], +7.6 [-10.5, +25.7], stopped; both runs, 938 pairs [148, 0, 618, 0,
    /// 172], +8.9 [-4.1, +21.9]: no gain shown, off there. Standard 20x20
    /// (`standard20.txt`), 2 against 1: 3406 games, 1703 pairs [292, 0, 1055, 0, 356],
    /// +13.1 [+2.9, +23.3], H1; a second run beside it, 1682 games, 841 pairs [159, 0, 522,
    /// 0, 160], +0.4 [-14.1, +14.9], stopped; both, 2544 pairs +8.9 [+0.6, +17.2]: on
    /// there.
    pub tt_eval: i32,
    /// A move that makes a three or more, after the same side's move two plies up
    /// made a three or more (a continuous attack), is reduced one ply less (CITE:
    /// Rapfi). It acts only where such moves are reduced (`lmr_threes`: freestyle and
    /// standard). 1: under freestyle on boards up to 15x15; 2: always; 0: off. The
    /// depth-13 bench tree went from 3.15M to 3.58M nodes. Alone, at 100 ms/move:
    /// freestyle +4.6 Elo [-6.0, +15.1] over 1068 game pairs, standard -7.8 [-26.3,
    /// +10.7] over 380 (stopped).
    ///
    /// Both switches together against neither, at 100 ms/move (game pairs, SPRT
    /// 0/10), freestyle:
    /// - 15x15: 1913 pairs +9.8 Elo [+1.9, +17.7], H1; two more runs (486 and 439
    ///   pairs) +8.6 and +3.2; all three 2838 pairs +8.6 [+2.0, +15.1];
    /// - 20x20: 673 pairs -8.8 [-22.1, +4.5], H0; `tt_eval` alone there: 776 pairs
    ///   -6.7 [-19.0, +5.5], H0.
    ///
    /// Under the other rules, the pair (both at 2 against 0) scored: standard 601
    /// pairs +1.4 [-14.0, +16.9], stopped; renju 668 pairs -5.5 [-19.2, +8.3],
    /// stopped; caro 228 pairs -45.2 [-71.5, -19.5], H0. (Under renju and caro only
    /// `tt_eval` acts: threes are not reduced there.) Hence 1 leaves both off
    /// everywhere but freestyle boards up to 15x15. `cont_attack` alone on standard
    /// 20x20 (where `tt_eval` is on), 2 against 1: 1314 games, 657 pairs [121, 0, 420,
    /// 0, 116], -2.6 [-18.6, +13.3], stopped.
    pub cont_attack: i32,
    /// The reply that last cut off after the opponent's same previous move gets a
    /// move-ordering bonus of half a killer's, the most a history can give (CITE:
    /// the countermove heuristic, as in Stockfish and Rapfi). 1: under the rules of
    /// `COUNTERMOVE_RULES` (freestyle and standard) on boards up to 15x15 and of
    /// `COUNTERMOVE_LARGE_RULES` (standard) on larger ones; 2: always; 0: off. At 2,
    /// the depth-13 bench tree went from 3.04M to 2.95M nodes, std15-middle's
    /// depth-16 one from 2.17M to 1.46M. At 100 ms/move (game pairs), freestyle: +7.9
    /// Elo [+1.6, +14.2] over 3000 pairs (6000 games; SPRT 0/10 LLR 2.76, short of 2.94);
    /// standard: +11.3 [+0.7, +22.0] over 1072 pairs in two runs (LLR 2.17,
    /// stopped); renju: -2.1 [-13.8, +9.6] over 902 pairs (LLR -2.00, stopped);
    /// caro: 238 games +111 =12 -115, -5.8 (stopped; it cut the depth-14
    /// caro15-middle tree from 2.98M to 2.38M nodes); again with caro's threat mask
    /// (depth 16 5.61M to 3.01M nodes): 731 games, 365 pairs [54, 38, 182, 40, 51],
    /// -1.9 [-22.8, +18.9], stopped. So 1 leaves it off under renju and caro.
    /// Freestyle 20x20, 2 against 1 (after the table fix): 1685 games, 842
    /// pairs [57, 0, 725, 0, 60], +1.2 [-7.5, +10.0], stopped (86% of the pairs 1-1
    /// on the unscreened 20x20 openings): off there too. Standard 20x20, 2 against 1:
    /// 2048 games, 1024 pairs [138, 0, 701, 0, 185], +16.0 [+4.0, +27.9], H1; a second
    /// run beside it, 1000 games, 500 pairs [64, 0, 345, 0, 91], +18.8 [+1.9, +35.8],
    /// stopped: on there. Renju 20x20 (`renju20.txt`), 2 against 1: 1029 games, 515
    /// pairs [100, 0, 313, 0, 102], +1.3 [-17.5, +20.2], stopped: off there.
    pub countermove: i32,
    /// A point where the opponent would make only a plain four (one blocked four and
    /// nothing else), and we make less than a three, is ordered and reduced like a point
    /// that stops an open three, not like a block of a four, while the opponent has no
    /// three on the board: the four it prevents is no threat yet (1: under the rules of
    /// `LEAN_RULES` on boards up to 15x15 and of `LEAN_LARGE_RULES` on larger ones, as part
    /// of the lean set, see `lmr_early`; 2: always; 0: off). Off, such points are ordered
    /// above our own threes and never reduced; under caro they were an eighth of the moves
    /// searched, and 2 cut the depth-13 caro15-middle tree from 1.56M to 0.83M nodes
    /// (std15-middle 355K to 278K). 2 against 0 at 100 ms/move (game pairs): freestyle 4000
    /// games, 2000 pairs [256, 27, 1390, 44, 283], +6.2 Elo [-1.9, +14.2] (SPRT 0/10 LLR
    /// 0.70, undecided at the game limit); caro 490 pairs +4.6 [-12.9, +22.1] (stopped);
    /// caro again after the table fix, 400 pairs [44, 36, 236, 38, 46], +2.6 [-15.1, +20.4]
    /// (stopped). No gain shown alone.
    pub plain_blocks: i32,
    /// While the opponent has a three, a four of ours that does not stop it (he makes no
    /// four there) is reduced by two plies when more than four points from his last stone
    /// and one more when more than four from ours, past the first move at depths from
    /// `lmr_min_depth` (CITE: Rapfi's reduction of useless defence moves). 1: under
    /// freestyle and caro on boards up to 15x15, and on larger boards; 2: always; 0: off.
    /// Under caro, where a four can be stopped past its five point too, such fours were a
    /// large part of the tree: the depth-13 caro15-middle tree went from 1.56M to 1.00M
    /// nodes (std15-middle 355K to 298K, renju15-middle 247K to 222K). 2 against 0 at 100
    /// ms/move (game pairs, SPRT 0/10), caro: 1003 games +504 =78 -421, 501 pairs [58, 24,
    /// 289, 38, 92], +28.5 Elo [+11.1, +46.0], H1; standard 2071 games, 1035 pairs [133,
    /// 10, 756, 12, 124], -2.7 [-13.4, +8.0] (LLR -2.60, stopped); renju 1685 games, 842
    /// pairs [100, 11, 609, 13, 109], +4.1 [-7.7, +16.0] (LLR -0.24, stopped); freestyle
    /// 1369 games +683 =29 -657, +6.6 [-11.6, +24.8] (two games at a time, LLR 0.48,
    /// stopped). Freestyle 20x20 (screened set, after the table fix): 2938 games, 1469
    /// pairs [252, 1, 903, 0, 313], +14.3 [+3.3, +25.4], H1. Freestyle 15x15 again, with
    /// ProbCut under caro, standard and renju and move count pruning everywhere: 1800
    /// games, 900 pairs [97, 31, 598, 41, 133], +15.8 [+4.0, +27.8], H1; a second run
    /// beside it, 923 games, 461 pairs [53, 10, 314, 18, 66], +12.8 [-3.7, +29.4], stopped
    /// when the first ended; both 1361 pairs +14.8 [+5.2, +24.5]. So 1 turns it on under
    /// freestyle and caro on boards up to 15x15 and on larger boards (where only freestyle
    /// has been played).
    pub useless_fours: i32,
    /// While the opponent has no three but a point where he would make a four and a
    /// three, or two fours, the moves are only our fours, those points, and the points
    /// on the lines of his threats there within reach of a five through them (four
    /// points, five under caro): any other move lets him play the four-three (CITE:
    /// Rapfi's move restriction against a four-three). 1: under the rules of
    /// `FOUR_THREE_RULES` on boards up to 15x15; 2: always; 0: off. The depth-13 bench
    /// trees with 2: free15-middle 354K to 265K nodes, std15-middle 355K to 343K,
    /// renju15-middle 247K to 228K, caro15-middle 1.00M to 1.19M (its depth-14 tree
    /// 2.86M to 2.11M). 2 against 0 at 100 ms/move (game pairs, SPRT 0/10): renju
    /// 1639 games, 819 pairs [75, 11, 611, 11, 111], +15.3 Elo [+3.8, +26.8], H1;
    /// caro 2639 games, 1319 pairs [162, 103, 763, 108, 183], +6.2 [-4.1, +16.5]
    /// (LLR 0.43, stopped; it stood at +13.0 [-1.2, +27.1] after 671 pairs);
    /// freestyle 1596 games, 798 pairs [93, 11, 579, 19, 96], +3.0 [-8.9, +15.0]
    /// (LLR -0.51, stopped); standard 1329 games, 664 pairs [75, 7, 495, 11, 76],
    /// +1.6 [-11.2, +14.4] (LLR -0.81, stopped). Caro again after the table fix, two
    /// runs: 1757 games, 878 pairs [87, 78, 539, 75, 99], +4.2 [-7.5, +15.8],
    /// stopped. So 1 leaves it off but under renju. Freestyle 20x20 (screened set),
    /// 2 against 0: 917 games, 458 pairs [91, 1, 272, 0, 94], +1.9 [-18.4, +22.2],
    /// stopped: off there too; renju 20x20, the same (with renju's large-board set):
    /// 786 games, 393 pairs [50, 0, 292, 0, 51], +0.9 [-16.5, +18.3], stopped.
    pub four_three_guard: i32,
    /// Against the opponent's three, a point that stops it (other than a four of ours,
    /// always kept) must lie on the three's line, within reach of its open-four point,
    /// and be a four point of his on that line; points where he makes a four only on
    /// some other line are dropped (they leave the open four to him). Without it, a
    /// point where he makes a four on any line is kept. 1: under the rules of
    /// `THREE_LINE_RULES` (none yet) on boards up to 15x15; 2: always; 0: off. With 2,
    /// the depth-13 bench searches find the same scores and moves with 2 to 10% fewer
    /// nodes (free15-middle 164807 to 152873, free20-middle 406956 to 365944), as the
    /// dropped moves lose at once. 2 against 0 at 100 ms/move, freestyle: 1146 games,
    /// 573 pairs [63, 16, 417, 18, 59], -1.8 Elo [-15.4, +11.8] (SPRT 0/10 LLR
    /// -1.42, stopped). No gain shown: off.
    pub three_lines: i32,
    /// A node where the side to move must stop a five (one five point: the reply is
    /// forced, or under caro one of two) is searched a ply deeper everywhere, not only
    /// at the horizon: a four and its answer then cost the attacker's ply alone, so
    /// forcing lines are read further (CITE: the check extension of chess engines).
    /// 1: under the rules of `FORCED_EXT_RULES` on boards up to 15x15 and of
    /// `FORCED_EXT_LARGE_RULES` on larger ones; 2: always; 0: only at the horizon.
    /// Each iteration costs more: the depth-16 trees went from
    /// 1.17M to 3.16M nodes (renju15-middle) and from 1.46M to 4.03M (std15-middle);
    /// over `scripts/middle15.txt` at depth 12 (geometric means), freestyle 117K to
    /// 300K, standard 163K to 656K, renju 198K to 499K: about two plies of nominal
    /// depth. Half a ply a forced node (a ply every second one along the path) costs
    /// half as much (standard 255K, renju 233K) but lost: standard 451 games, 225
    /// pairs [38, 5, 160, 5, 17], -32.5 [-55.4, -9.9] against the whole ply, stopped
    /// at LLR -2.83.
    /// 2 against 0 at 100 ms/move (game pairs, SPRT 0/10, screened sets):
    /// - renju: 732 games, 366 pairs [49, 5, 214, 4, 94], +42.5 Elo [+20.3, +65.0],
    ///   H1; only at depths 1 and 2 (a depth-16 tree of 1.21M nodes): 287 pairs,
    ///   +10.3 [-14.9, +35.6], stopped, so the gain needs the deep lines;
    /// - standard: 1948 games, 974 pairs [156, 23, 561, 25, 209], +19.3 [+5.7,
    ///   +32.9], H1;
    /// - freestyle: 1085 games, 542 pairs [92, 21, 318, 23, 88], -1.9 [-19.3, +15.5],
    ///   stopped; but at 300 ms/move, 721 games, 360 pairs [28, 24, 242, 13, 53],
    ///   +18.8 [+1.0, +36.8] (LLR 1.66, stopped by the clock), so on: the longer the
    ///   move, the further the forcing lines it reads (tournament moves take
    ///   seconds). 20x20: 1551 games, 775 pairs [160, 0, 436, 0, 179], +8.5 [-7.7,
    ///   +24.7], stopped; at 300 ms/move 496 games, 248 pairs [23, 0, 166, 0, 59],
    ///   +50.8 [+26.4, +75.7], H1: on there too; renju 20x20 took it with the lean
    ///   set and the wide window (see `LEAN_LARGE_RULES`);
    /// - caro, where a block may have two points: 273 games, 136 pairs [37, 10, 61,
    ///   13, 15], -52.8 [-91.4, -15.4], stopped; only where a single defence exists
    ///   (depth-12 caro trees of `scripts/middle15.txt` +10%, the full extension 5
    ///   times): 494 games, 247 pairs [42, 18, 123, 21, 43], +3.5 [-23.4, +30.4],
    ///   stopped.
    pub forced_ext: i32,
    /// Our moves that make a plain four (a four and no three) are reduced like quiet
    /// moves, unless a five must be stopped (CITE: Rapfi reduces fours too). 1: under
    /// the rules of `LEAN_RULES` on boards up to 15x15 and of `LEAN_LARGE_RULES` on
    /// larger ones; 2: always; 0: off (fours are
    /// never reduced). Alone it shrank the depth-12 trees of `scripts/middle15.txt`
    /// by 8 to 18% (geometric means): most fours come early in the move order, where
    /// no reduction starts (`lmr_min_moves`), hence `lmr_early`. Earlier, fours
    /// reduced like quiet moves from the fourth move on under standard: 410 game pairs
    /// [62, 9, 264, 13, 62], +1.7 Elo [-17.2, +20.6] at 100 ms/move, stopped. See
    /// `lmr_early` for the set it gained in.
    pub lmr_fours: i32,
    /// Late move reductions from the second move on, not only after `lmr_min_moves`
    /// moves (CITE: Rapfi and Stockfish reduce from the second move). 1: under the
    /// rules of `LEAN_RULES` on boards up to 15x15 and of `LEAN_LARGE_RULES` on
    /// larger ones; 2: always; 0: off.
    ///
    /// The lean set: this, `lmr_fours`, and `plain_blocks` and `tt_eval` under the
    /// same rules, together. Depth-12 trees of `scripts/middle15.txt` (geometric
    /// means) with all four at 2 against the defaults: freestyle 300K to 267K nodes,
    /// standard 656K to 325K, renju 499K to 282K, caro 1076K to 541K. Depth reached
    /// in 2.1M nodes (about 1 s): std15-middle 14 to 15, renju15-middle 15 to 17,
    /// caro15-middle 13 to 14. All four at 2 against the defaults at 100 ms/move
    /// (game pairs, SPRT 0/10):
    /// - renju: 575 games, 287 pairs [29, 6, 179, 5, 68], +46.9 Elo [+23.6, +70.6],
    ///   H1;
    /// - standard: 664 games, 332 pairs [38, 7, 198, 16, 73], +41.5 [+19.6, +63.8],
    ///   H1 (std15-middle's depth-16 tree 2.67M nodes);
    /// - caro: 640 games, 320 pairs [36, 20, 155, 46, 63], +43.7 [+21.1, +66.6], H1;
    /// - freestyle 20x20 (without `tt_eval`, which had lost there alone): 540 games,
    ///   270 pairs [26, 0, 182, 0, 62], +46.6 [+23.4, +70.3], H1;
    /// - freestyle 15x15 (where `tt_eval` was on already): 2618 games, 1309 pairs
    ///   [181, 45, 804, 45, 234], +14.1 [+3.2, +25.0], H1;
    /// - standard, renju and caro 20x20: see `LEAN_LARGE_RULES`.
    pub lmr_early: i32,
    /// A quick win at the horizon, read from the threat classes (CITE: Rapfi's quick
    /// win check): with no five of the opponent's to stop and no four he could make,
    /// a four-three or a double three of the side to move wins in five plies (the
    /// opponent has no tempo to spare: he blocks the four or one three, his stone
    /// cannot make a four, and the three left becomes an open four). The local leaf
    /// VCF finds the four-threes near the last stone; nothing at the horizon saw the
    /// double threes. 1: under freestyle on boards up to 15x15; 2: under every rule
    /// but caro (never under caro, nor for renju black, see `quick_win`); 0: off.
    /// Depth-12 trees of `scripts/middle15.txt` with 2 against 0: freestyle 267K to
    /// 274K nodes, standard 325K to 346K, renju 282K to 281K. 1 against 0 at 100
    /// ms/move (game pairs, SPRT 0/10): freestyle 1578 games, 789 pairs [82, 14, 554, 23,
    /// 116], +17.0 Elo [+4.6, +29.4], H1. 2 against 1 (so on against off) under standard:
    /// 2165 games, 1082 pairs [132, 32, 739, 25, 154], +5.9 [-5.0, +16.9], stopped (LLR
    /// 0.30), and again with ProbCut and move count pruning on there: 1822 games, 911 pairs
    /// [111, 41, 599, 36, 124], +4.0 [-7.9, +15.9], stopped (it had led by +16.9 at 144
    /// pairs); under renju: 2104 games, 1052 pairs [117, 26, 737, 29, 143], +9.1 [-1.6,
    /// +19.8], stopped (LLR 1.37, after 2.06 at 1824 games); renju again: 868 games, 434
    /// pairs [78, 10, 284, 9, 53], -20.4 [-38.8, -2.2], H0 (both renju runs, 1486 pairs:
    /// +0.5). Neither showed a gain, so 1 leaves them off; nor did freestyle 20x20, 2
    /// against 1: 785 games, 392 pairs [57, 0, 274, 0, 61], +3.5 [-15.3, +22.4], stopped;
    /// nor standard 20x20 (`standard20.txt`), 2 against 1: 2278 games, 1139 pairs [161, 0,
    /// 800, 0, 178], +5.2 [-5.8, +16.2], stopped (LLR 0.06, after 2.05 at 1816 games); nor
    /// renju 20x20 (`renju20.txt`): 1218 games, 609 pairs [87, 0, 434, 0, 88], +0.6 [-14.2,
    /// +15.4], stopped.
    pub quick_win: i32,
    /// Late move pruning one ply deeper than `lmp_max_depth` (to depth 4 with the
    /// default 3; 1: under the rules of `LMP_DEEPER_RULES`, standard and caro, on
    /// boards up to 15x15, and of `LMP_DEEPER_LARGE_RULES`, caro, on larger ones; 2:
    /// everywhere; 0: off). Depth-12 trees of
    /// `scripts/middle15.txt`: freestyle 183K to 163K nodes, standard 253K to 231K,
    /// renju 200K to 191K, caro 347K to 306K. `lmp_max_depth` 4 against 3 at 100
    /// ms/move (game pairs, SPRT 0/10):
    /// - standard: 826 games, 413 pairs [42, 14, 262, 19, 76], +30.8 Elo [+12.4,
    ///   +49.3], H1;
    /// - caro: 1776 games, 888 pairs [98, 102, 431, 124, 133], +18.0 [+5.0, +31.0], H1;
    /// - renju: 2650 games, 1325 pairs [183, 24, 875, 32, 211], +8.4 [-2.0, +18.8],
    ///   stopped (LLR 1.21, after 2.31 at 1541 games); rerun twice later, 144 games, 72
    ///   pairs [10, 2, 50, 5, 5], -16.9, and 1121 games, 560 pairs [83, 19, 354, 14,
    ///   90], +2.8 [-13.6, +19.2], both stopped; again with ProbCut and move count
    ///   pruning on under renju: 294 games, 147 pairs [21, 6, 97, 4, 19], -7.1
    ///   [-37.4, +23.1], stopped;
    /// - freestyle: 838 games, 419 pairs [55, 11, 285, 14, 54], +0.4 [-17.0, +17.9],
    ///   stopped;
    /// - freestyle 20x20: 609 games, 304 pairs [45, 0, 207, 0, 52], +8.0 [-14.1,
    ///   +30.1], stopped;
    /// - caro 20x20 (with the lean set): 1652 games, 826 pairs [127, 2, 516, 6, 175],
    ///   +21.1 [+6.7, +35.5], H1;
    /// - standard 20x20: 1222 games, 611 pairs [93, 0, 441, 0, 77], -9.1 [-23.6,
    ///   +5.4], stopped (LLR -2.57);
    /// - renju 20x20 (with its large-board set): 2516 games, 1258 pairs [139, 0, 967,
    ///   0, 152], +3.6 [-5.6, +12.8], stopped (it had led by +13.2 at 630 pairs).
    ///
    /// No gain shown under renju, freestyle, and on 20x20 boards freestyle, standard
    /// and renju, so 1 leaves them at 3. Depth 5 (`lmp_max_depth` 4 with this on)
    /// against 4: standard 686 games, 343 pairs [56, 5, 223, 15, 44], -7.1 [-27.5,
    /// +13.2]; caro 281 games, 140 pairs [22, 20, 63, 22, 13], -19.9 [-52.9, +12.8];
    /// both stopped.
    pub lmp_deeper: i32,
    /// The history of quiet moves' cut-offs is kept from one search of a game to the
    /// next, divided by 2 to this power at the start of each (0: kept whole; it only
    /// grows, to its cap, within a game). 1 against 0 at 100 ms/move, freestyle: 1442
    /// games, 721 pairs [98, 12, 503, 12, 96], -1.0 Elo [-14.3, +12.4], stopped.
    pub history_age: i32,
    /// At the horizon, a static evaluation at or above beta is returned as it is,
    /// without the leaf VCF: a win could only raise a score that already fails high
    /// (CITE: the stand pat of a quiescence search). The leaf VCF's nodes were about
    /// half of a middle-game tree. Any value but 0 turns it on, under every rule and on
    /// every board: it gained under each rule tried. Depth-12 trees of
    /// `scripts/middle15.txt`, on against off: freestyle 274K to 183K nodes, standard
    /// 325K to 253K, renju 282K to 200K, caro 541K to 347K. On against off at 100
    /// ms/move (game pairs, SPRT 0/10): freestyle 382 games, 191 pairs
    /// [16, 2, 116, 11, 46], +63.5 Elo [+35.5, +92.3], H1; renju 386 games, 193 pairs
    /// [13, 4, 127, 3, 46], +59.1 [+32.4, +86.5], H1; standard 1286 games, 643 pairs
    /// [63, 17, 446, 18, 99], +19.7 [+6.0, +33.6], H1; caro 370 games, 185 pairs [10,
    /// 20, 89, 22, 44], +66.5 [+37.9, +96.1], H1; freestyle 20x20 380 games, 190 pairs
    /// [12, 0, 137, 0, 41], +53.4 [+28.1, +79.4], H1.
    pub vcf_stand_pat: i32,
    /// ProbCut (CITE: Stockfish): at a non-PV node at least `probcut_depth` plies from
    /// the horizon, with no opponent three or four on the board, the first
    /// `probcut_moves` moves in order are searched `PROBCUT_REDUCTION` plies shallower
    /// against beta plus `probcut_margin`; one that beats it returns its score. 1:
    /// under `PROBCUT_RULES` on boards up to 15x15 (none on larger ones); 2: always;
    /// 0: off. On under every rule, from depth 7 with a margin of 150, depth-12 trees of
    /// `scripts/middle15.txt` freestyle 127.1K to 117.9K nodes, standard 179.7K to
    /// 145.0K, renju 159.4K to 105.0K, caro 294.2K to 201.0K; in 1.1M nodes (about a
    /// second) std15-middle, renju15-middle and caro15-middle reach depth 17, 17 and
    /// 16 instead of 15, 15 and 14. At 100 ms/move against off (the same build, game
    /// pairs, SPRT 0/10, all stopped):
    /// - from depth 5: freestyle 1049 games, 524 pairs [75, 16, 349, 22, 62], -6.6
    ///   Elo [-22.4, +9.1]; caro 542 games, 271 pairs [44, 33, 129, 35, 30], -16.7
    ///   [-40.7, +7.2];
    /// - from depth 7: freestyle 635 games, 317 pairs [43, 11, 221, 12, 30], -13.7
    ///   [-32.8, +5.3]; caro, two runs side by side, 1617 games, 808 pairs [94, 103,
    ///   368, 120, 123], +16.1 [+2.3, +30.1] (LLR 2.22 of 2.94, stopped by the
    ///   clock) and 1243 games, 621 pairs [74, 94, 271, 99, 83], +6.4 [-9.3, +22.2];
    ///   together 2860 games, 1429 pairs [168, 197, 639, 219, 206], +11.9 [+1.5,
    ///   +22.3]: on under caro. Then 200 against 150 under caro, 1609 games, 804
    ///   pairs [96, 97, 370, 123, 118], +15.1 [+1.3, +29.0] (LLR 2.03, stopped by the
    ///   clock), but not taken: one run short of H1, and at 200 the depth-16 tree of
    ///   caro15-middle grows from 0.93M to 3.59M nodes (1 s reaches depth 14, not
    ///   16), so games at longer time may well go the other way; to be played at a
    ///   longer time. With move count pruning on under caro, 200 no longer deepens
    ///   that tree (depth 16: 0.78M nodes at 150, 0.69M at 200), so it was played
    ///   again at 100 ms/move: 670 games, 335 pairs [41, 66, 143, 37, 48], -7.8
    ///   [-29.6, +14.0], stopped; left at 150;
    /// - from depth 7 under standard: with 150, 1388 games, 694 pairs [96, 30, 441, 27,
    ///   100], +1.3 [-13.0, +15.5], stopped; with 250 (`probcut_margin_standard`; its
    ///   depth-12 trees 179.7K to 140.1K nodes), 1350 games, 675 pairs [72, 35, 420,
    ///   37, 111], +20.6 [+6.4, +34.9], H1: on under standard with that margin;
    /// - from depth 7 under renju: with 150, 687 games, 343 pairs [57, 15, 217, 8, 46],
    ///   -14.7 [-35.5, +6.0]; with 250, 646 games, 323 pairs [42, 17, 210, 11, 43],
    ///   -2.2 [-22.4, +18.1]; both stopped; with 350 (`probcut_margin_renju`; its
    ///   depth-12 trees 2.72M to 2.06M nodes in all), 1905 games, 952 pairs [108, 25,
    ///   643, 25, 151], +15.7 [+3.9, +27.5], H1: on under renju with that margin. In
    ///   1M nodes (about a second) the median depth reached on the twelve renju
    ///   positions of `scripts/middle15.txt` goes from 15 to 17 (`bench nodes=1000000`);
    /// - from depth 7 under freestyle with 350 (its depth-12 trees of
    ///   `scripts/middle15.txt` 127.1K to 111.6K nodes, geometric mean), two runs side
    ///   by side: 3202 games, 1601 pairs, +6.6 [-2.8, +16.0] (it had reached LLR 2.26)
    ///   and 595 games, -5.8 [-28.3, +16.6]; together 1898 pairs [262, 67, 1216, 64,
    ///   289], +4.7 [-4.0, +13.3], stopped; a third run, 1174 games, 587 pairs [87,
    ///   18, 374, 16, 92], +2.4 [-13.5, +18.3], stopped: off there. Larger boards,
    ///   where 1 leaves it off: freestyle 20x20 with 350, 1665 games, 832 pairs [137,
    ///   0, 568, 0, 127], -4.2 [-17.5, +9.1]; standard 20x20 with 250, 1028 games, 514
    ///   pairs [75, 0, 361, 0, 78], +2.0 [-14.4, +18.4]; both stopped.
    pub probcut: i32,
    /// ... with this margin over beta (under standard and renju their own, below) ...
    pub probcut_margin: i32,
    /// ... or this one under standard ...
    pub probcut_margin_standard: i32,
    /// ... or this one under renju ...
    pub probcut_margin_renju: i32,
    /// ... from this depth ...
    pub probcut_depth: i32,
    /// ... trying at most this many moves (at most `LAZY_PICKS`).
    pub probcut_moves: i32,
    /// The evaluation adds the fitted value of the position's threat mask (which
    /// threat classes each side has a cell of; see [`crate::board::threat_mask`] and
    /// [`crate::board::THREAT_MASK_VALUE`]; CITE: Rapfi's threat evaluation). 1: under
    /// the rules of `THREAT_MASK_RULES` on boards up to 15x15 and of
    /// `THREAT_MASK_LARGE_RULES` on larger ones; 2: always; 0: off. The table is the
    /// rule's own where one was fitted (standard, caro, renju; boards larger than
    /// 15x15 have their own under every rule, [`crate::board::threat_mask_table`]),
    /// else freestyle's. Depth-12 trees of
    /// `scripts/middle15.txt`: freestyle 132.7K to 136.8K nodes, standard 165.5K to
    /// 203.0K, caro 305.5K to 307.1K. On against off at 100 ms/move (game pairs, SPRT
    /// 0/10):
    /// - freestyle: 1846 games, 923 pairs [122, 31, 571, 27, 172], +18.1 Elo [+5.2,
    ///   +31.1], H1; a second run beside it, 495 games, 247 pairs [35, 10, 150, 5, 47],
    ///   +13.4 [-12.1, +39.0], stopped; refitted with code bonuses of its own: +46.0
    ///   [+22.7, +69.7] over 304 pairs and +48.8 [+24.7, +73.3] over 269, both H1 (at
    ///   `board::COMBO_BONUS_FREESTYLE`);
    /// - freestyle 20x20 (freestyle's 15x15 table): 486 games, 243 pairs [31, 0, 136,
    ///   0, 76], +65.1 [+36.6, +94.4], H1; then its own table against the 15x15 one,
    ///   two runs side by side: 470 games, 235 pairs [23, 0, 152, 0, 60], +55.2 [+29.3,
    ///   +81.6], H1, and 490 games, 245 pairs [30, 0, 163, 0, 52], +31.3 [+6.3, +56.6],
    ///   stopped when the first ended (together 480 pairs, +42.9 [+24.9, +61.1]); a
    ///   second round, refitted with the code bonuses on 2400 games: +25.8 [+9.4,
    ///   +42.3] over 527 pairs, H1 (at `board::COMBO_BONUS_FREESTYLE_LARGE`);
    /// - standard (its own table): 1242 games, 621 pairs [89, 11, 377, 27, 117],
    ///   +20.2 [+4.1, +36.3], stopped at LLR 2.22 (of 2.94) for the session's end;
    ///   refitted with code bonuses of its own: +32.6 [+13.6, +51.8] over 433 pairs,
    ///   H1 (at `board::COMBO_BONUS_STANDARD`);
    /// - standard 20x20 (standard's 15x15 table): 1076 games, 538 pairs [83, 0, 324,
    ///   1, 130], +30.8 [+12.4, +49.3], H1; then its own table against the 15x15 one:
    ///   556 games, 278 pairs [31, 0, 176, 0, 71], +50.3 [+26.0, +75.2], H1; then
    ///   code bonuses of its own, and both refitted together in three more rounds (at
    ///   `board::COMBO_BONUS_STANDARD_LARGE`);
    /// - caro (its own table): 1235 games, 617 pairs [68, 60, 310, 76, 103], +24.3
    ///   [+8.5, +40.1], H1; refitted with code bonuses of its own: +67.3 [+38.5,
    ///   +97.1] over 196 pairs, H1 (at `board::COMBO_BONUS_CARO`);
    /// - caro 20x20 (caro's 15x15 table), two runs side by side, stopped at LLR 1.89
    ///   and 1.61 for the session's end: together 1662 games, 830 pairs [139, 1, 487,
    ///   3, 200], +26.0 [+10.9, +41.2]; then its own table against the 15x15 one, two
    ///   runs side by side: 547 games, 273 pairs [32, 3, 161, 1, 76], +55.2 [+29.6,
    ///   +81.4], H1, and 574 games, 287 pairs [41, 3, 156, 3, 84], +52.4 [+26.1,
    ///   +79.4], stopped when the first ended.
    ///
    /// - renju (its own table, fitted together with code bonuses of its own, up to
    ///   15x15): two runs side by side, both H1: 1080 games, 540 pairs [88, 5, 299, 15,
    ///   133], +32.3 [+13.4, +51.3]; 974 games, 487 pairs [72, 19, 258, 15, 123],
    ///   +35.1 [+15.3, +55.1] (at `board::COMBO_BONUS_RENJU`).
    ///
    /// Before that, renju tables fitted alone lost: its own table (fitted to 1200
    /// renju games, with an eleventh bit set when black is to move, as black's foul
    /// cells keep their classes; held-out error 0.15631 to 0.14922; depth-12 trees
    /// 118.8K to 138.1K): 800 games, 400 pairs [83, 10, 235, 7, 65], -17.0 [-38.0,
    /// +4.0], stopped; freestyle's table: 348 games, 174 pairs [43, 0, 96, 5, 30],
    /// -21.0 [-55.0, +12.6], stopped. Nor a renju table over masks that leave black's
    /// foul cells out of its classes (a count of them by class kept with the threat
    /// counts; fitted to the same games, held-out error 0.15631 to 0.14789; depth-12
    /// trees 118.8K to 134.3K): 713 games, 356 pairs [68, 15, 212, 5, 56], -16.6
    /// [-38.4, +5.1], stopped at LLR -1.69.
    ///
    /// - renju 20x20 (its own table, fitted together with code bonuses of its own;
    ///   before, neither table), two runs side by side, both H1: 166 games, 83 pairs
    ///   [3, 0, 43, 0, 37], +151.2 [+103.4, +205.1]; 246 games, 123 pairs [9, 0, 66, 0,
    ///   48], +114.1 [+74.3, +157.0]; a second round +24.0 [+8.3, +39.9] over 695
    ///   pairs, H1 (at `board::COMBO_BONUS_RENJU_LARGE`).
    pub threat_mask: i32,
}

impl Params {
    /// The defaults.
    pub const DEFAULT: Params = Params {
        lmr_min_depth: 3,
        lmr_min_moves: 3,
        iteration_growth: 1,
        iteration_growth_turn: 0,
        tempo_percent: 120,
        leaf_vcf_fours: 10,
        root_vcf_fours: 20,
        root_vcf_percent: 25,
        root_vct_threats: 0,
        root_vct_nodes: 1_000_000,
        root_vct_percent: 10,
        lmp_max_depth: 3,
        lmp_base: 5,
        mcp: 1,
        mcp_percent: 150,
        lmr_log_div: 250,
        lmr_log_div_standard: 300,
        lmr_log_div_renju: 200,
        lmr_threes: 1,
        lmr_threes_from: 0,
        futility_margin: 0,
        futility_max_depth: 3,
        rfp_margin: 100,
        aspiration: 60,
        aspiration_wide: 150,
        iir_min_depth: 4,
        time_stability: 100,
        time_moves_left: crate::time::MOVES_LEFT as i32,
        razor_margin: 200,
        hist_threes: 1,
        leaf_vcf_local: 1,
        tt_mate: 1,
        tt_eval: 1,
        cont_attack: 1,
        countermove: 1,
        plain_blocks: 1,
        useless_fours: 1,
        four_three_guard: 1,
        three_lines: 0,
        forced_ext: 1,
        lmr_fours: 1,
        lmr_early: 1,
        quick_win: 1,
        vcf_stand_pat: 1,
        lmp_deeper: 1,
        history_age: 0,
        threat_mask: 1,
        probcut: 1,
        probcut_margin: 150,
        probcut_margin_standard: 250,
        probcut_margin_renju: 350,
        probcut_depth: 7,
        probcut_moves: 2,
    };

    /// Sets the tunable called `name` (the field's name) to `value`, for tuning by
    /// match without a rebuild (the protocol passes `INFO wuzi_<name> <value>`).
    /// Returns false for an unknown name or a value out of the field's range.
    pub fn set(&mut self, name: &str, value: i64) -> bool {
        // Node counts may be large; every other tunable stays small (the tempo
        // multiplies cell values and must not overflow).
        let max = if name == "root_vct_nodes" {
            10_000_000
        } else {
            1000
        };
        let small = i32::try_from(value).ok().filter(|v| (0..=max).contains(v));
        let Some(v) = small else {
            return false;
        };
        match name {
            "lmr_min_depth" => self.lmr_min_depth = v,
            "lmr_min_moves" => self.lmr_min_moves = v as usize,
            "iteration_growth" => self.iteration_growth = v as u32,
            "iteration_growth_turn" => self.iteration_growth_turn = v as u32,
            "tempo_percent" => self.tempo_percent = v,
            "leaf_vcf_fours" => self.leaf_vcf_fours = v,
            "root_vcf_fours" => self.root_vcf_fours = v,
            "root_vcf_percent" => self.root_vcf_percent = v,
            "root_vct_threats" => self.root_vct_threats = v,
            "root_vct_nodes" => self.root_vct_nodes = v,
            "root_vct_percent" => self.root_vct_percent = v,
            "lmp_max_depth" => self.lmp_max_depth = v,
            "lmp_base" => self.lmp_base = v as usize,
            "mcp" => self.mcp = v,
            "mcp_percent" => self.mcp_percent = v,
            "lmr_threes" => self.lmr_threes = v,
            "lmr_threes_from" => self.lmr_threes_from = v,
            "lmr_log_div" => self.lmr_log_div = v,
            "lmr_log_div_standard" => self.lmr_log_div_standard = v,
            "lmr_log_div_renju" => self.lmr_log_div_renju = v,
            "futility_margin" => self.futility_margin = v,
            "futility_max_depth" => self.futility_max_depth = v,
            "rfp_margin" => self.rfp_margin = v,
            "aspiration" => self.aspiration = v,
            "aspiration_wide" => self.aspiration_wide = v,
            "iir_min_depth" => self.iir_min_depth = v,
            "time_stability" => self.time_stability = v,
            "time_moves_left" => self.time_moves_left = v,
            "razor_margin" => self.razor_margin = v,
            "hist_threes" => self.hist_threes = v,
            "leaf_vcf_local" => self.leaf_vcf_local = v,
            "tt_mate" => self.tt_mate = v,
            "tt_eval" => self.tt_eval = v,
            "cont_attack" => self.cont_attack = v,
            "countermove" => self.countermove = v,
            "plain_blocks" => self.plain_blocks = v,
            "useless_fours" => self.useless_fours = v,
            "four_three_guard" => self.four_three_guard = v,
            "three_lines" => self.three_lines = v,
            "forced_ext" => self.forced_ext = v,
            "lmr_fours" => self.lmr_fours = v,
            "lmr_early" => self.lmr_early = v,
            "quick_win" => self.quick_win = v,
            "lmp_deeper" => self.lmp_deeper = v,
            "history_age" => self.history_age = v,
            "threat_mask" => self.threat_mask = v,
            "vcf_stand_pat" => self.vcf_stand_pat = v,
            "probcut" => self.probcut = v,
            "probcut_margin" => self.probcut_margin = v,
            "probcut_margin_standard" => self.probcut_margin_standard = v,
            "probcut_margin_renju" => self.probcut_margin_renju = v,
            "probcut_depth" => self.probcut_depth = v,
            "probcut_moves" => self.probcut_moves = v,
            _ => return false,
        }
        true
    }

    /// The late move reduction divisor under `rule` (`lmr_log_div`, or under standard
    /// `lmr_log_div_standard` and under renju `lmr_log_div_renju`).
    pub fn lmr_div(&self, rule: Rule) -> i32 {
        match rule {
            Rule::Standard => self.lmr_log_div_standard,
            Rule::Renju => self.lmr_log_div_renju,
            _ => self.lmr_log_div,
        }
    }

    /// ProbCut's margin over beta under `rule` (`probcut_margin`, or under standard
    /// and renju `probcut_margin_standard` and `probcut_margin_renju`).
    pub fn probcut_margin_for(&self, rule: Rule) -> i32 {
        match rule {
            Rule::Standard => self.probcut_margin_standard,
            Rule::Renju => self.probcut_margin_renju,
            _ => self.probcut_margin,
        }
    }

    /// The aspiration half width for `board` (`aspiration`, or `aspiration_wide`
    /// under the rules of `ASPIRATION_WIDE_RULES` on boards up to 15x15 and of
    /// `ASPIRATION_WIDE_LARGE_RULES` on larger ones).
    pub fn aspiration_for(&self, board: &Board) -> i32 {
        let (rules, large) = (&ASPIRATION_WIDE_RULES, &ASPIRATION_WIDE_LARGE_RULES);
        if Params::on_for_sizes(1, board, rules, large) {
            self.aspiration_wide
        } else {
            self.aspiration
        }
    }

    /// Whether a switch that is 1 on boards of 15x15 or smaller under `rules`, and 2
    /// on every board under every rule, is on for `board` (whose rule counts as the
    /// one it is tuned as, [`tuned_rule`]: standard caro as caro).
    fn on_for(switch: i32, board: &Board, rules: &[Rule]) -> bool {
        Params::on_for_sizes(switch, board, rules, &[])
    }

    /// The same, with 1 also turning the switch on for boards larger than 15x15
    /// under `large_rules`.
    fn on_for_sizes(switch: i32, board: &Board, rules: &[Rule], large_rules: &[Rule]) -> bool {
        let rules = if up_to_15x15(board) {
            rules
        } else {
            large_rules
        };
        switch >= 2 || switch == 1 && rules.contains(&tuned_rule(board.rule()))
    }

    /// Whether the evaluation adds the threat mask's value on `board` (see
    /// `threat_mask`).
    pub fn uses_threat_mask(&self, board: &Board) -> bool {
        Params::on_for_sizes(
            self.threat_mask,
            board,
            &THREAT_MASK_RULES,
            &THREAT_MASK_LARGE_RULES,
        )
    }

    /// Whether history and killers cover three-class moves under `rule` (see
    /// `hist_threes`).
    pub fn history_threes(&self, rule: Rule) -> bool {
        match self.hist_threes {
            0 => false,
            1 => rule == Rule::Standard,
            _ => true,
        }
    }
}

/// What bounds one search.
#[derive(Clone, Debug)]
pub struct Limits {
    /// When the move command arrived (the clock's zero).
    pub start: Instant,
    /// Stop starting new iterations after this long.
    pub soft: Option<Duration>,
    /// Never search longer than this.
    pub hard: Option<Duration>,
    /// Search at most to this depth.
    pub depth: Option<i32>,
    /// Search at most this many nodes (checked coarsely).
    pub nodes: Option<u64>,
}

impl Limits {
    /// Limits with only a depth bound (bench, tests).
    pub fn depth(depth: i32) -> Limits {
        Limits {
            start: Instant::now(),
            soft: None,
            hard: None,
            depth: Some(depth),
            nodes: None,
        }
    }

    /// Whether time saved now is kept for later moves. Only a match clock does that,
    /// and its budgets leave the hard limit well above the soft one; a turn limit
    /// alone puts the soft limit at 4/5 of the hard one.
    pub fn banked(&self) -> bool {
        matches!((self.soft, self.hard), (Some(s), Some(h)) if s * 2 <= h)
    }

    /// Limits from a time budget, with the clock started at `start`.
    pub fn timed(start: Instant, budget: crate::time::Budget) -> Limits {
        Limits {
            start,
            soft: Some(budget.soft),
            hard: Some(budget.hard),
            depth: None,
            nodes: None,
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play.
    pub best: Pos,
    /// Its score from the mover's point of view.
    pub score: Score,
    /// Deepest completed iteration (0 when the move was forced or an immediate win).
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Pos>,
}

/// The threats on the board, from one scan of the candidate cells.
#[derive(Default)]
struct Scan {
    /// A cell where the side to move makes five.
    my_five: Option<usize>,
    /// How many cells the opponent makes five on.
    opp_fives: usize,
    /// The side to move can make an open four or a double four somewhere (not checked
    /// for renju legality).
    my_four_four: bool,
    /// The opponent has some move that makes a four.
    opp_has_four: bool,
    /// The opponent has some move that makes an open four (he has a three).
    opp_has_three: bool,
}

const NO_MOVE: u16 = u16::MAX;

/// Nodes between clock checks: about a millisecond in release builds (nodes with renju
/// foul checks run at about 170k a second, and 1024 of them overran a 17 ms limit by
/// 7 ms). A clock read costs about 25 ns, so checking often is free. Debug builds
/// re-verify the whole board after every move, so they check far more often.
const CHECK_EVERY: u64 = if cfg!(debug_assertions) { 8 } else { 256 };

/// The searcher: owns the transposition table and the per-game search state.
pub struct Searcher {
    tt: TransTable,
    params: Params,
    /// Per cell and colour to move: the sum of depth squared over the cut-offs there
    /// (at most 2^20), kept for the whole game. Not aged: keeping half of it from one
    /// search to the next (branch `exp/hist-age`) scored -11.0 Elo [-25.5, +3.4] under
    /// standard at 100 ms/move (488 game pairs [58, 13, 363, 10, 44], SPRT 0/10 H0).
    /// Not here: a continuation history beside it (per opponent's last move, move and
    /// colour, depth squared a quiet cut-off, added to this one in the move order;
    /// CITE: Stockfish's continuation history): depth-12 standard trees of
    /// `scripts/middle15.txt` 165.5K to 177.9K nodes, freestyle and renju unchanged;
    /// standard at 100 ms/move 285 game pairs [38, 14, 191, 8, 34], -8.5 Elo [-29.6,
    /// +12.5], stopped.
    history: Vec<[i32; 2]>,
    killers: [[u16; 2]; MAX_PLY + 1],
    /// Per cell and colour to move: the reply that last cut off after the
    /// opponent's move there ([`Params::countermove`]).
    counter: Vec<[u16; 2]>,
    /// The threat class each ply's move made for its mover, on the current path.
    made: [Threat; MAX_PLY + 1],
    moves: Vec<Vec<(u16, i32)>>,
    pv: Vec<[u16; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    start: Instant,
    hard: Option<Duration>,
    soft: Option<Duration>,
    node_limit: Option<u64>,
    iteration: i32,
    aborted: bool,
    /// The caller's stop flag was seen set.
    stop_requested: bool,
    root_best: Option<(u16, Score)>,
    /// Results of earlier VCF searches (cleared for every new game).
    vcf_cache: Vec<vcf::VcfEntry>,
    /// Results of earlier VCT searches (cleared for every new game).
    vct_cache: Vec<vcf::VcfEntry>,
    /// Late move reduction by depth and move number, for the divisor `lmr_div`
    /// ([`Params::lmr_div`] of the rule last searched).
    lmr: Box<[[u8; 64]; 64]>,
    lmr_div: i32,
    /// Move count pruning's move counts by depth, for `mcp_percent` (see
    /// [`mcp_table`]), and whether `Params::mcp` is on for the current search.
    mcp: [usize; 64],
    mcp_percent: i32,
    mcp_on: bool,
    /// Three-class moves get history and killers ([`Params::history_threes`] of the
    /// rule searched).
    history_threes: bool,
    /// `tt_eval` and `cont_attack` are on for the board searched (see
    /// `Params::on_for`).
    tt_eval: bool,
    cont_attack: bool,
    countermove: bool,
    plain_blocks: bool,
    useless_fours: bool,
    four_three_guard: bool,
    three_lines: bool,
    forced_ext: bool,
    lmr_fours: bool,
    lmr_early: bool,
    /// `Params::quick_win` for the current search.
    quick_win: bool,
    /// `Params::probcut` for the current search ...
    probcut: bool,
    /// ... and its margin over beta.
    probcut_margin: Score,
    /// The threat-mask values the evaluation adds in the current search
    /// (`Params::threat_mask`), if any.
    mask_values: Option<&'static [i32; THREAT_MASKS]>,
    /// `Params::lmr_threes_from` for the current search (0 on boards larger than
    /// 15x15).
    threes_from: i32,
    /// The depth late move pruning reaches in the current search (`lmp_max_depth`,
    /// one more with `lmp_deeper`; 0 when off).
    lmp_depth: i32,
    /// The rule and board size the tables (transposition table, VCF and VCT caches,
    /// history) were filled under: a search under another one starts them afresh.
    tables_for: Option<(Rule, usize, usize)>,
}

/// The reductions ln(depth) * ln(move number) * 100 / `div`, at least 1 (all 1 when
/// `div` is 0).
fn lmr_table(div: i32) -> Box<[[u8; 64]; 64]> {
    let mut t = Box::new([[1u8; 64]; 64]);
    if div > 0 {
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (k, r) in row.iter_mut().enumerate().skip(1) {
                let x = (d as f64).ln() * ((k + 1) as f64).ln() * 100.0 / div as f64;
                *r = (x.round() as i64).clamp(1, 32) as u8;
            }
        }
    }
    t
}

/// The move counts of move count pruning by depth: 3 + depth^1.32 * `percent` / 100
/// (none when `percent` is 0).
fn mcp_table(percent: i32) -> [usize; 64] {
    let mut t = [usize::MAX; 64];
    if percent > 0 {
        for (d, n) in t.iter_mut().enumerate() {
            *n = 3 + ((d as f64).powf(1.32) * percent as f64 / 100.0) as usize;
        }
    }
    t
}

/// Hash key of the side to move.
const WHITE_TO_MOVE: u64 = 0x5DEE_CE66_D1CE_4E5B;

/// What a position's table and cache keys add to the board hash when colour `c` is
/// to move.
pub(super) fn side_key(c: Color) -> u64 {
    if c == Color::White {
        WHITE_TO_MOVE
    } else {
        0
    }
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_bytes` bytes.
    pub fn new(tt_bytes: usize) -> Searcher {
        Searcher {
            tt: TransTable::new(tt_bytes),
            params: Params::DEFAULT,
            history: vec![[0; 2]; 64 * 64],
            killers: [[NO_MOVE; 2]; MAX_PLY + 1],
            counter: vec![[NO_MOVE; 2]; 64 * 64],
            made: [Threat::None; MAX_PLY + 1],
            moves: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            pv: vec![[NO_MOVE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            start: Instant::now(),
            hard: None,
            soft: None,
            node_limit: None,
            iteration: 0,
            aborted: false,
            stop_requested: false,
            root_best: None,
            vcf_cache: vec![vcf::VcfEntry::default(); vcf::VCF_CACHE],
            vct_cache: vec![vcf::VcfEntry::default(); vcf::VCF_CACHE],
            lmr: lmr_table(Params::DEFAULT.lmr_log_div),
            lmr_div: Params::DEFAULT.lmr_log_div,
            mcp: mcp_table(Params::DEFAULT.mcp_percent),
            mcp_percent: Params::DEFAULT.mcp_percent,
            mcp_on: false,
            history_threes: false,
            tt_eval: false,
            cont_attack: false,
            countermove: false,
            plain_blocks: false,
            useless_fours: false,
            four_three_guard: false,
            three_lines: false,
            forced_ext: false,
            lmr_fours: false,
            lmr_early: false,
            quick_win: false,
            probcut: false,
            probcut_margin: 0,
            mask_values: None,
            threes_from: 0,
            lmp_depth: 0,
            tables_for: None,
        }
    }

    /// Resizes the transposition table (clears it) unless `tt_bytes` is the size it was
    /// last asked for. The old table is freed before the new one is allocated.
    pub fn set_tt_bytes(&mut self, tt_bytes: usize) {
        self.tt.resize(tt_bytes);
    }

    /// Bytes used by the transposition table.
    pub fn tt_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// How full the transposition table is, in permille (sampled).
    pub fn tt_hashfull(&self) -> usize {
        self.tt.hashfull()
    }

    /// Uses these tunables from now on.
    pub fn set_params(&mut self, params: Params) {
        self.params = params;
    }

    /// Uses the reduction table of divisor `div`, rebuilding it (4096 logarithms) only
    /// when the divisor differs from the last search's.
    fn use_lmr_div(&mut self, div: i32) {
        if div != self.lmr_div {
            self.lmr = lmr_table(div);
            self.lmr_div = div;
        }
    }

    /// The tunables in use.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Forgets everything learnt in the previous game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = [0; 2]);
        self.killers = [[NO_MOVE; 2]; MAX_PLY + 1];
        self.counter.iter_mut().for_each(|c| *c = [NO_MOVE; 2]);
        self.vcf_cache
            .iter_mut()
            .chain(self.vct_cache.iter_mut())
            .for_each(|e| *e = vcf::VcfEntry::default());
    }

    /// The threat-mask values a search of `board` adds, if any (`Params::threat_mask`).
    fn mask_values_for(&self, board: &Board) -> Option<&'static [i32; THREAT_MASKS]> {
        self.params
            .uses_threat_mask(board)
            .then(|| threat_mask_table(board))
    }

    /// The static evaluation of `board` for the side to move, as the search's leaves
    /// judge it (for tools and tests).
    pub fn static_eval(&mut self, board: &Board) -> Score {
        self.mask_values = self.mask_values_for(board);
        self.evaluate(board)
    }

    /// Searches `board` for the side to move. `None` if there is no empty point.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Option<SearchResult> {
        let mut b = board.clone();
        // A position's key holds its stones only: what is stored under one rule (a win
        // by an overline, a foul) is wrong under another, and a manager may change the
        // rule between moves (INFO rule) without a new game.
        let tables_for = Some((board.rule(), board.width(), board.height()));
        if self.tables_for != tables_for {
            if self.tables_for.is_some() {
                self.new_game();
            }
            self.tables_for = tables_for;
        }
        self.tt.new_search();
        if self.params.history_age > 0 {
            let shift = self.params.history_age.min(31);
            self.history
                .iter_mut()
                .for_each(|h| *h = [h[0] >> shift, h[1] >> shift]);
        }
        self.nodes = 0;
        self.aborted = false;
        self.stop_requested = false;
        self.start = limits.start;
        self.hard = limits.hard;
        self.soft = limits.soft;
        self.node_limit = limits.nodes;
        self.use_lmr_div(self.params.lmr_div(board.rule()));
        self.mcp_on = Params::on_for_sizes(self.params.mcp, board, &MCP_RULES, &MCP_LARGE_RULES);
        if self.mcp_percent != self.params.mcp_percent {
            self.mcp_percent = self.params.mcp_percent;
            self.mcp = mcp_table(self.mcp_percent);
        }
        self.history_threes = self.params.history_threes(board.rule());
        self.tt_eval = Params::on_for_sizes(
            self.params.tt_eval,
            board,
            &TT_EVAL_RULES,
            &TT_EVAL_LARGE_RULES,
        );
        self.cont_attack = Params::on_for(self.params.cont_attack, board, &CONT_ATTACK_RULES);
        self.countermove = Params::on_for_sizes(
            self.params.countermove,
            board,
            &COUNTERMOVE_RULES,
            &COUNTERMOVE_LARGE_RULES,
        );
        self.useless_fours = Params::on_for_sizes(
            self.params.useless_fours,
            board,
            &USELESS_FOUR_RULES,
            &Rule::ALL,
        );
        // The lean set's switches share their rules (see `Params::lmr_early`).
        let lean = |switch| Params::on_for_sizes(switch, board, &LEAN_RULES, &LEAN_LARGE_RULES);
        self.plain_blocks = lean(self.params.plain_blocks);
        self.four_three_guard =
            Params::on_for(self.params.four_three_guard, board, &FOUR_THREE_RULES);
        self.three_lines = Params::on_for(self.params.three_lines, board, &THREE_LINE_RULES);
        self.forced_ext = Params::on_for_sizes(
            self.params.forced_ext,
            board,
            &FORCED_EXT_RULES,
            &FORCED_EXT_LARGE_RULES,
        );
        self.lmr_fours = lean(self.params.lmr_fours);
        self.lmr_early = lean(self.params.lmr_early);
        self.quick_win = Params::on_for(self.params.quick_win, board, &QUICK_WIN_RULES);
        self.probcut = Params::on_for(self.params.probcut, board, &PROBCUT_RULES);
        self.probcut_margin = self.params.probcut_margin_for(board.rule());
        self.mask_values = self.mask_values_for(board);
        self.threes_from = if up_to_15x15(board) {
            self.params.lmr_threes_from
        } else {
            0
        };
        let deeper = Params::on_for_sizes(
            self.params.lmp_deeper,
            board,
            &LMP_DEEPER_RULES,
            &LMP_DEEPER_LARGE_RULES,
        );
        self.lmp_depth = match self.params.lmp_max_depth {
            0 => 0,
            d => d + i32::from(deeper),
        };
        let done = |s: &Self, best: usize, score: Score, depth: i32, pv: Vec<Pos>| SearchResult {
            best: board_pos(board, best),
            score,
            depth,
            nodes: s.nodes,
            elapsed: limits.start.elapsed(),
            pv,
        };

        // Step 1. Root moves; no candidates at all means an empty board or a board whose
        // stones leave no legal neighbour: fall back to any legal point.
        let scan = scan(&b);
        if let Some(i) = scan.my_five {
            return Some(done(self, i, win_in(1), 0, vec![board_pos(board, i)]));
        }
        self.gen_moves(&mut b, &scan, 0, NO_MOVE);
        if self.moves[0].is_empty() {
            // Fives that no stone of ours stops: the game is lost, but a five point we
            // may play still makes the opponent find the other one.
            let lost = scan.opp_fives > 0;
            let opp = b.side_to_move().opp();
            let block = lost
                .then(|| b.five_cells(opp).find(|&i| playable(&b, i)))
                .flatten();
            let i = block.or_else(|| fallback_move(&b))?;
            let score = if lost { loss_in(2) } else { 0 };
            return Some(done(self, i, score, 0, vec![board_pos(board, i)]));
        }
        if self.moves[0].len() == 1 {
            // Step 2. A forced move (the only block, or the only legal point) is played at
            // once, with no score: under caro one stone may stop two fives.
            let i = self.moves[0][0].0 as usize;
            return Some(done(self, i, 0, 0, vec![board_pos(board, i)]));
        }

        // The best-ordered root move: the answer if even depth 1 is stopped.
        let (first_choice, _) = self.pick(&b, 0, 0)?;

        // Step 3. A win by continuous fours is played at once.
        if self.params.root_vcf_fours > 0 && scan.opp_fives == 0 {
            let fours = self.params.root_vcf_fours;
            let found = self.with_share(self.params.root_vcf_percent, None, |s| {
                s.vcf(&mut b, 0, fours)
            });
            if let Some(five) = found {
                let m = self.pv[0][0] as usize;
                if playable(&b, m) {
                    return Some(done(self, m, win_in(five), 0, vec![board_pos(board, m)]));
                }
            }
        }

        // Step 3a. So is a win by continuous threes and fours, searched with growing
        // budgets within a share of the nodes and the time.
        if self.params.root_vct_threats > 0 && scan.opp_fives == 0 {
            if let Some((m, five)) = self.root_vct(&mut b) {
                return Some(done(self, m, win_in(five), 0, vec![board_pos(board, m)]));
            }
        }

        // Step 4. Iterative deepening.
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 8)
            .clamp(1, MAX_PLY as i32 - 8);
        let mut best: Option<(usize, Score, i32, Vec<Pos>)> = None;
        let mut stability = Stability::default();
        for depth in 1..=max_depth {
            let iter_start = limits.start.elapsed();
            self.iteration = depth;
            self.root_best = None;
            let score = self.root_search(&mut b, depth, best.as_ref().map(|x| x.1), stop);
            if self.aborted {
                // Keep a move of the unfinished iteration only if it was fully searched.
                match (self.root_best, best.as_mut()) {
                    (Some((m, s)), Some(prev)) if m as usize != prev.0 => {
                        *prev = (m as usize, s, prev.2, vec![board_pos(board, m as usize)]);
                    }
                    (root_best, None) => {
                        // Stopped during depth 1 (a tiny budget, or costly leaf VCFs).
                        let (m, s) = root_best.unwrap_or((first_choice, 0));
                        best = Some((m as usize, s, 0, vec![board_pos(board, m as usize)]));
                    }
                    _ => {}
                }
                break;
            }
            let pv: Vec<Pos> = (0..self.pv_len[0])
                .map(|k| board_pos(board, self.pv[0][k] as usize))
                .collect();
            let m = self.pv[0][0] as usize;
            stability.update(best.as_ref().map(|x| (x.0, x.1)), m, score, depth);
            best = Some((m, score, depth, pv));
            // Step 5. Stop when the result is proven or another iteration would not fit.
            if is_mate(score) && WIN - score.abs() <= depth {
                break;
            }
            let elapsed = limits.start.elapsed();
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let banked = limits.banked();
            let soft = limits.soft.map(|s| {
                let scaled = stability.scale(s, self.params.time_stability, banked);
                limits.hard.map_or(scaled, |h| scaled.min(h))
            });
            if soft.is_some_and(|s| elapsed >= s) {
                break;
            }
            let this_iter = elapsed.saturating_sub(iter_start);
            let growth = if banked {
                self.params.iteration_growth
            } else {
                self.params.iteration_growth_turn
            };
            if limits
                .hard
                .is_some_and(|h| elapsed + this_iter * growth > h)
            {
                break;
            }
            if limits.nodes.is_some_and(|n| self.nodes >= n) {
                break;
            }
        }
        let (mut m, score, depth, mut pv) =
            best.expect("a move is kept even when depth 1 is stopped");
        if !playable(&b, m) {
            // Never happens by design; a wrong answer would lose the game, so check.
            debug_assert!(false, "search chose an unplayable point {}", b.pos(m));
            m = first_choice as usize;
            pv = vec![board_pos(board, m)];
        }
        Some(done(self, m, score, depth, pv))
    }

    /// Runs `solve` (a threat solver before the main search) with at most `percent`
    /// percent of the time the move is expected to take (the soft limit, else the
    /// hard one) and of the nodes left, and at most `cap` nodes; then restores the
    /// limits and clears `aborted`, so that the main search still runs.
    fn with_share<T>(
        &mut self,
        percent: i32,
        cap: Option<u64>,
        solve: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let (node_limit, hard) = (self.node_limit, self.hard);
        let percent = percent.clamp(0, 100) as u32;
        let mut limit = cap.map(|c| self.nodes + c);
        if let Some(n) = node_limit {
            let share = self.nodes + n.saturating_sub(self.nodes) * percent as u64 / 100;
            limit = Some(limit.map_or(share, |l| l.min(share)));
        }
        self.node_limit = limit;
        if let Some(t) = self.soft.or(hard) {
            let now = self.start.elapsed();
            let end = now + t.saturating_sub(now) * percent / 100;
            self.hard = Some(hard.map_or(end, |h| h.min(end)));
        }
        let r = solve(self);
        self.node_limit = node_limit;
        self.hard = hard;
        self.aborted = false;
        r
    }

    /// The VCT solver at the root: budgets of 1, 2, ... `root_vct_threats` threats
    /// until a win is found or its share of nodes or time is spent. Returns a legal
    /// winning move and the ply of the five.
    fn root_vct(&mut self, b: &mut Board) -> Option<(usize, usize)> {
        let cap = self.params.root_vct_nodes.max(0) as u64;
        self.with_share(self.params.root_vct_percent, Some(cap), |s| {
            for threats in 1..=s.params.root_vct_threats {
                if let Some(five) = s.vct(b, 0, threats) {
                    let m = s.pv[0][0] as usize;
                    return playable(b, m).then_some((m, five));
                }
                if s.aborted {
                    break;
                }
            }
            None
        })
    }

    /// One iteration at the root: a window of `aspiration` around the last score,
    /// widened on the side that fails until the score falls inside (CITE: aspiration
    /// windows, as in Stockfish); a full window without a usable last score.
    ///
    /// Not here: a ply less for each fail high in a row (Stockfish's reduced depth
    /// after a fail high, reset by a fail low). The depth-12 trees of
    /// `scripts/middle15.txt` (with `mcp_percent` 100) shrank a lot (freestyle 135.1K
    /// to 83.6K nodes, standard 217.5K to 149.2K, caro 305.5K to 285.3K;
    /// caro15-middle's depth 16 with `mcp` 2 from 2.78M to 1.73M), as the last
    /// search of an iteration is then often shallower than its number says; but it
    /// did not gain: freestyle at 100 ms/move, 736 games, 368 pairs [52, 13, 237, 14,
    /// 52], +0.5 Elo [-19.0, +20.0], stopped.
    /// Under caro alone (the count reset by a fail low): depth-13 caro trees of
    /// `scripts/middle15.txt` 639.0K to 513.2K nodes, but caro15-middle still reached
    /// depth 14 in 1.7M nodes (about a second); 190 games, 95 pairs [15, 11, 49, 13, 7],
    /// -25.6 [-63.9, +12.0], stopped.
    fn root_search(
        &mut self,
        b: &mut Board,
        depth: i32,
        last: Option<Score>,
        stop: &AtomicBool,
    ) -> Score {
        let delta0 = self.params.aspiration_for(b);
        let Some(last) = last.filter(|&l| delta0 > 0 && depth >= 4 && !is_mate(l)) else {
            return self.pvs(b, depth, 0, -INFINITY, INFINITY, true, stop);
        };
        let mut delta = delta0;
        let (mut lo, mut hi) = (last - delta, last + delta);
        loop {
            let score = self.pvs(b, depth, 0, lo, hi, true, stop);
            if self.aborted {
                return score;
            }
            if score <= lo && lo > -INFINITY {
                lo -= delta;
                if lo < -WIN_MIN {
                    lo = -INFINITY;
                }
            } else if score >= hi && hi < INFINITY {
                hi += delta;
                if hi > WIN_MIN {
                    hi = INFINITY;
                }
            } else {
                return score;
            }
            delta *= 2;
        }
    }

    fn check_limits(&mut self, stop: &AtomicBool) {
        if stop.load(Ordering::Relaxed) {
            self.stop_requested = true;
        }
        self.check_limits_now();
    }

    /// Counts one node (a position the search visits, as Rapfi and Stockfish count
    /// them: the main search's nodes and both sides' nodes of the threat searches).
    /// True every [`CHECK_EVERY`] nodes, when the caller should check the limits.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.nodes.is_multiple_of(CHECK_EVERY)
    }

    /// Sets `aborted` when a limit is reached. A search stopped during depth 1 still
    /// has a move: the best fully searched root move, or the first in move order.
    fn check_limits_now(&mut self) {
        if self.stop_requested
            || self.hard.is_some_and(|h| self.start.elapsed() >= h)
            || self.node_limit.is_some_and(|n| self.nodes >= n)
        {
            self.aborted = true;
        }
    }

    /// The static evaluation: the side to move's cell values at `tempo_percent`
    /// against the opponent's, plus the value of the threat mask (`threat_mask`).
    /// Not here: Rapfi's blend with the previous position's cell values (those before
    /// the opponent's last stone, from the side to move's view, at 40%): depth-12
    /// caro trees of `scripts/middle15.txt` 305.5K to 142.1K nodes, but caro at 100
    /// ms/move 118 games, 59 pairs [35, 5, 15, 1, 3], -228.2 Elo [-318.6, -159.0],
    /// stopped (it discounts the opponent's last stone, much as a larger tempo does).
    /// Nor a bonus of 20 for each of the side to move's cells that make a four (not
    /// an open or double one), a tempo for the initiative alone: freestyle at 100
    /// ms/move, 657 games, 328 pairs [47, 16, 215, 7, 43], -9.0 Elo [-29.4, +11.3],
    /// stopped. Nor a correction history (CITE: Stockfish's correction histories): the
    /// evaluation of the static pruning (razoring, futility, ProbCut) plus a table entry
    /// keyed by the side's last two moves, moved toward each quiet node's result by
    /// (result - evaluation) * depth / 8 with gravity (branch `exp/corr`): depth-12
    /// trees of `scripts/middle15.txt` freestyle 127.1K to 113.0K nodes, caro 201.0K to
    /// 167.6K; at 100 ms/move freestyle 1008 games, 504 pairs [85, 15, 312, 19, 73],
    /// -6.9 [-24.4, +10.5], caro 600 games, 300 pairs [35, 40, 144, 45, 36], +4.1
    /// [-17.8, +25.9], both stopped. Keyed by the threat mask (standard 140.1K to
    /// 162.1K) or used at the horizon too (187.4K) it grew the standard trees; both
    /// together shrank them (121.0K; caro 173.5K, freestyle 126.5K); not played.
    fn evaluate(&self, b: &Board) -> Score {
        let me = b.side_to_move();
        let mut v =
            (b.value_sum(me) * self.params.tempo_percent - b.value_sum(me.opp()) * 100) / 100;
        if let Some(values) = self.mask_values {
            v += values[b.threat_mask(me)];
        }
        v.clamp(-20000, 20000)
    }

    /// The value of `b` (scanned as `s`, with no five to block) at the horizon: an
    /// unanswerable open or double four wins; so does a win by continuous fours
    /// (CITE: VCF as the quiescence search, as in Rapfi), near the last stone unless
    /// `leaf_vcf_local` is 0; otherwise the static evaluation. With `vcf_stand_pat`,
    /// an evaluation at or above `beta` is returned without the VCF.
    fn horizon(&mut self, b: &mut Board, s: &Scan, ply: usize, beta: Score) -> Score {
        // Not under caro, where one stone may stop two fives. Not here: an exact caro
        // check (each double-four point made, a win if no single stone then stops
        // every five): depth-12 caro trees of `scripts/middle15.txt` 305.5K to 305.6K
        // nodes, as the leaf VCF finds nearly all of them; not played.
        if s.my_four_four && !s.opp_has_four && !is_caro(b) && has_legal_four_four(b) {
            return win_in(ply + 3);
        }
        if self.quick_win && quick_win(b, s) {
            return win_in(ply + 5);
        }
        let eval = self.evaluate(b);
        if self.params.vcf_stand_pat > 0 && eval >= beta {
            return eval;
        }
        if s.opp_fives == 0 && b.threats_at_least(b.side_to_move(), Threat::Four) > 0 {
            let five = if self.params.leaf_vcf_local > 0 {
                self.vcf_local(b, ply, self.params.leaf_vcf_fours)
            } else {
                self.vcf(b, ply, self.params.leaf_vcf_fours)
            };
            if let Some(five) = five {
                return win_in(five);
            }
            if self.aborted {
                return 0;
            }
        }
        eval
    }

    #[allow(clippy::too_many_arguments)]
    fn pvs(
        &mut self,
        b: &mut Board,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        pv_node: bool,
        stop: &AtomicBool,
    ) -> Score {
        if self.count_node() {
            self.check_limits(stop);
        }
        if self.aborted {
            return 0;
        }
        self.pv_len[ply] = ply;
        if b.is_full() {
            return 0;
        }
        if ply >= MAX_PLY - 4 {
            return self.evaluate(b);
        }

        // Step 1. Immediate results from the threats on the board.
        let s = scan(b);
        if s.my_five.is_some() {
            return win_in(ply + 1);
        }
        if s.opp_fives >= 2 && !is_caro(b) {
            return loss_in(ply + 2);
        }

        // Step 2. Mate distance pruning.
        let alpha0 = alpha.max(loss_in(ply));
        let beta0 = beta.min(win_in(ply + 1));
        if alpha0 >= beta0 {
            return alpha0;
        }

        // Step 3. A forced block is searched one more ply: at the horizon always, and
        // everywhere with `forced_ext`. At the horizon, an unanswerable open or double
        // four wins; otherwise the static evaluation.
        if s.opp_fives == 1 && (depth <= 0 || self.forced_ext) {
            depth = depth.max(0) + 1;
        }
        // Not here: a ply more at the horizon when the opponent (not to move) has a
        // win the evaluation misses, if the evaluation would decide the node (at least
        // beta, or inside a PV window) and the parent was not so extended. With his
        // local VCF as the test, depth-12 trees of `scripts/middle15.txt` freestyle
        // 132.7K to 203.4K nodes, standard 165.5K to 324.8K, renju 118.8K to 245.6K,
        // caro 305.5K to 498.0K; at 100 ms/move freestyle 318 games, 159 pairs [36,
        // 10, 93, 5, 15], -51.7 Elo [-83.6, -20.7], standard 393 games, 196 pairs [48,
        // 4, 117, 2, 25], -42.8 [-73.0, -13.2]. With a four-three point of his as the
        // test (no search): trees 143.8K, 230.7K, 152.2K, 372.9K; freestyle 522 games,
        // 261 pairs [43, 9, 158, 8, 43], -0.7 [-25.5, +24.2], standard 560 games, 280
        // pairs [46, 7, 183, 7, 37], -11.2 [-33.9, +11.4]; all stopped.
        if depth <= 0 {
            return self.horizon(b, &s, ply, beta);
        }

        // Step 4. Transposition table. Not here: a cut-off by the table crediting
        // its quiet move with history and a killer slot, as a searched cut-off does
        // (Stockfish, Rapfi): depth-12 trees of `scripts/middle15.txt` standard
        // 217.5K to 199.9K nodes, the others within 2%; at 100 ms/move freestyle 401
        // games, 200 pairs [18, 15, 140, 6, 21], -2.6 Elo [-25.3, +20.1], standard
        // 426 games, 213 pairs [36, 6, 138, 4, 29], -13.1 [-39.4, +13.2], stopped.
        let hash = b.hash() ^ side_key(b.side_to_move());
        let mut tt_move = NO_MOVE;
        let mut tt_score = None;
        if let Some(hit) = self.tt.probe(hash, ply) {
            tt_move = hit.mv;
            if !is_mate(hit.score) {
                tt_score = Some((hit.score, hit.bound));
            }
            // A proven win or loss holds at any depth (`tt_mate`).
            let proven = self.params.tt_mate > 0 && is_mate(hit.score);
            if !pv_node && (hit.depth >= depth || proven) {
                let ok = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                    Bound::None => false,
                };
                if ok {
                    return hit.score;
                }
            }
        }

        // Step 4a. Internal iterative reduction (CITE: IIR, as in Stockfish and Rapfi).
        // Not here: Rapfi's cut at a PV node whose table move is stale (a ply less for
        // every 4 plies the entry is shallower than the node, at most 3): depth-14
        // freestyle trees of `scripts/middle15.txt` 461.0K to 449.4K nodes; freestyle
        // at 100 ms/move 753 games, 376 pairs [50, 16, 247, 11, 52], -0.5 Elo [-19.4,
        // +18.4], stopped.
        if self.params.iir_min_depth > 0
            && depth >= self.params.iir_min_depth
            && tt_move == NO_MOVE
            && s.opp_fives == 0
        {
            depth -= 1;
        }

        // Step 4b. The static evaluation of a quiet non-PV node: one facing no five
        // or three, the only kind the static pruning below applies to.
        let quiet_eval =
            (!pv_node && s.opp_fives == 0 && !s.opp_has_three).then(|| self.evaluate(b));
        // The table's score instead when exact, or when its bound puts the value beyond
        // the evaluation (`tt_eval`).
        let quiet_eval = match (quiet_eval, tt_score) {
            (Some(e), Some((t, bound))) if self.tt_eval => Some(match bound {
                Bound::Exact => t,
                Bound::Lower if t > e => t,
                Bound::Upper if t < e => t,
                _ => e,
            }),
            (e, _) => e,
        };

        // Step 4c. Razoring: hopeless quiet nodes near the horizon go straight to it.
        if let Some(eval) = quiet_eval.filter(|_| depth <= 2 && self.params.razor_margin > 0) {
            if alpha.abs() < WIN_MIN && eval + self.params.razor_margin * depth <= alpha {
                return self.horizon(b, &s, ply, beta);
            }
        }

        // Step 4d. Static-evaluation pruning near the horizon of a quiet non-PV node
        // (CITE: reverse futility and futility pruning, as in Stockfish).
        let mut futile = false;
        if let Some(eval) = quiet_eval.filter(|_| {
            depth <= self.params.futility_max_depth
                && (self.params.rfp_margin > 0 || self.params.futility_margin > 0)
        }) {
            if self.params.rfp_margin > 0
                && beta.abs() < WIN_MIN
                && eval - self.params.rfp_margin * depth >= beta
            {
                return eval;
            }
            futile = self.params.futility_margin > 0
                && alpha.abs() < WIN_MIN
                && eval + self.params.futility_margin * depth <= alpha;
        }

        // Not here: null move pruning (a pass searched at depth - 4 - depth / 6, from
        // depth 3) and Rapfi's fail-high reduction did not gain at 100 ms/move
        // (freestyle -6.2 and -9.7 Elo over about 800 games each). Null move, and the
        // reduction while it also applied to moves that make threes, lost a win that
        // the depth-14 bench finds. Nor singular extension (branch `exp/hist-malus`:
        // from depth 6, the others at half depth a margin of 4 a ply under the table
        // score): it grew the depth-14 bench tree from 7.3M to 10.4M nodes and scored
        // -7.3 Elo [-42.0, +27.3] (freestyle, 382 games). Null move under caro alone
        // (non-PV, quiet, from depth 3, a pass searched at depth - 1 - R - depth / 6
        // when the evaluation is at least beta): the caro trees grew, depth 12 of
        // `scripts/middle15.txt` from 305.5K to 388.8K nodes at R = 2 and to 361.8K
        // at R = 3, depth 14 from 1175K to 1371K at R = 3 (30% of its 333K passes cut
        // off), and to 1367K with beta + 300 in place of beta; not played.

        // Step 5. Moves. Not here: the table's move searched before the others are
        // generated (a staged move picker, as in Stockfish): generating after it, with
        // the history its subtree left, moved the depth-11 trees of
        // `scripts/middle15.txt` from 5.75M to 5.79M nodes and saved no time (whole
        // process, 7 pairs: median cpu ratio 1.010).
        self.gen_moves(b, &s, ply, tt_move);
        let no_move = if fouls_deferred(b, ply) {
            self.pick(b, ply, 0).is_none()
        } else {
            self.moves[ply].is_empty()
        };
        if no_move {
            // Black under renju whose every reply is a foul: the threat goes through.
            return if s.opp_fives > 0 {
                loss_in(ply + 2)
            } else {
                self.evaluate(b)
            };
        }
        let me = b.side_to_move();
        if self.probcut
            && !pv_node
            && depth >= self.params.probcut_depth.max(PROBCUT_REDUCTION + 1)
            && quiet_eval.is_some()
            && beta.abs() < WIN_MIN
        {
            if let Some(score) = self.try_probcut(b, depth, ply, beta, hash, tt_score, stop) {
                return score;
            }
        }
        let mut best = -INFINITY;
        let mut best_move = NO_MOVE;
        // Moves that make a three, and points that stop the opponent's, may be reduced
        // too (`lmr_threes`, `lmr_threes_from`), unless a five must be stopped.
        let (threes_reducible, stops_reducible) = if s.opp_fives > 0 {
            (false, false)
        } else {
            three_reductions(self.params.lmr_threes, b.rule(), self.threes_from, depth)
        };
        // Step 5a's move count at any depth (`mcp`): none at a PV node or where a five
        // must be stopped.
        let mcp_count = if pv_node || s.opp_fives > 0 || !self.mcp_on {
            usize::MAX
        } else {
            self.mcp[(depth as usize).min(63)]
        };
        for k in 0.. {
            let Some((m, order)) = self.pick(b, ply, k) else {
                break;
            };
            let tactical = order >= TACTICAL;
            // Step 5a. Late move pruning: near the horizon of a non-PV node, quiet moves
            // far down the ordered list are skipped (CITE: move count pruning, Stockfish),
            // and at any depth after `mcp_count` moves. Quiet moves come last in the
            // order, so none after this one is searched either.
            if !pv_node
                && !tactical
                && (depth <= self.lmp_depth && k >= self.params.lmp_base + (depth * depth) as usize
                    || k >= mcp_count)
                && best > -WIN_MIN
            {
                break;
            }
            if futile && !tactical && best > -WIN_MIN {
                break;
            }
            // Not here: Rapfi's trivial move pruning (below depth 5, skip moves where
            // neither side makes an open two or more): only 4% off the depth-13
            // bench tree, as late move pruning already drops most of them; not played.
            // Forced replies, blocks of fours and fours that make more than a four are
            // never reduced; a plain four only with `lmr_fours`. (Fours reduced like
            // quiet moves from the fourth move on, before `lmr_early`, scored +1.7 Elo
            // under standard, 410 game pairs, stopped: see `lmr_fours`.)
            // The threat class the move makes for us (kept for `cont_attack`).
            let made = b.info(m as usize, me).threat;
            let reducible = !tactical
                || (self.lmr_fours && s.opp_fives == 0 && made == Threat::Four)
                || (self.plain_blocks && is_plain_block(b, &s, m as usize))
                || (order < FOUR_ORDER
                    && (threes_reducible || stops_reducible)
                    && if made >= Threat::Three {
                        threes_reducible
                    } else {
                        stops_reducible
                    });
            // The first move is never reduced: no look-up for it.
            let useless = if self.useless_fours && k > 0 && depth >= self.params.lmr_min_depth {
                useless_four_reduction(b, &s, m as usize)
            } else {
                0
            };
            let new_depth = depth - 1;
            if new_depth > 0 {
                // The move's long part is the board update: time for the fetch.
                self.tt
                    .prefetch(b.hash_after(m as usize) ^ side_key(me.opp()));
            }
            self.made[ply] = made;
            b.make(m as usize);
            let score = if k == 0 {
                -self.pvs(b, new_depth, ply + 1, -beta, -alpha, pv_node, stop)
            } else {
                // Step 6. Late move reductions for quiet moves (CITE: LMR, as in Stockfish).
                let r = if depth >= self.params.lmr_min_depth
                    && (k >= self.params.lmr_min_moves || self.lmr_early)
                    && reducible
                {
                    if self.lmr_div > 0 {
                        self.lmr[(depth as usize).min(63)][k.min(63)] as i32
                    } else {
                        1 + i32::from(k >= 8 && depth >= 5)
                    }
                } else {
                    0
                };
                // Not here: a ply more for a move that has caused no cut-off in this
                // search (no history), a ply less for one with a history of 1024 or
                // more (CITE: history-adjusted reductions, Stockfish, Rapfi). In the
                // depth-13 bench 76% of the reduced moves had no history, and their
                // reduced searches failed high 0.2% of the time against 4.2% for those
                // at 1024 or more; but freestyle scored 105 game pairs [35, 3, 60, 2,
                // 5], -103.9 Elo [-145.8, -64.8] at 100 ms/move, SPRT H0. The ply less
                // alone hardly acts at the depths of such games (none of the depth-9
                // bench trees changes, even from 256); a ply less for any history
                // grew the depth-13 bench tree from 2.47M to 4.22M nodes and scored
                // -4.5 [-25.6, +16.5] (freestyle, 231 pairs, stopped).
                // Not here: a ply less at a non-PV node that has been on a principal
                // variation (the table keeping the mark; CITE: ttPv, Stockfish and
                // Rapfi, which take the ply off at PV nodes too: that doubled the
                // depth-12 standard trees of `scripts/middle15.txt`). The non-PV form
                // grew them 231K to 333K nodes (caro 305K to 389K, freestyle and renju
                // about the same) and lost: freestyle 229 game pairs [55, 2, 131, 7,
                // 34], -28.1 Elo [-56.7, +0.1] at 100 ms/move, stopped.
                // Nor a ply more at a non-PV node whose static evaluation is no better
                // than two plies before (Rapfi's non-improving reduction): depth-12
                // trees of `scripts/middle15.txt` freestyle 132.7K to 115.1K nodes,
                // standard 217.5K to 158.4K, renju 169.5K to 154.5K, caro 305.5K to
                // 364.3K; freestyle 711 games, 355 pairs [59, 9, 224, 16, 47], -8.3
                // [-28.7, +12.0], stopped.
                // Nor a ply more for a quiet move where the table move is a threat
                // (Stockfish's reduction after a capturing table move): depth-12
                // trees of `scripts/middle15.txt` freestyle 132.7K to 142.2K nodes,
                // renju 118.8K to 131.4K, standard 217.5K to 194.2K; not played.
                // Step 6a. More for a four that leaves the opponent's three alone, far
                // from the last stones (`useless_fours`).
                let r = r + useless;
                // Step 6b. Less reduction for a continuous attack (`cont_attack`).
                let r = if r > 0
                    && ply >= 2
                    && made >= Threat::Three
                    && self.made[ply - 2] >= Threat::Three
                    && self.cont_attack
                {
                    r - 1
                } else {
                    r
                };
                // Not here: a ply more for a quiet move more than four points from
                // both sides' last stones (Rapfi's "distract" moves): the depth-13 bench
                // tree grew from 3.15M to 3.45M nodes, as the reduced far moves failed
                // high and were searched again; not played. Nor a ply more at an
                // expected cut node (Stockfish's cut-node reduction: the node type
                // passed down as in Stockfish, the ply added to any reduced move):
                // freestyle -28.5 Elo [-57.0, -0.4] (232 game pairs), standard -22.1
                // [-46.6, +2.3] (260), 100 ms/move, stopped; the depth-15 bench trees
                // moved both ways (std15-middle 2.93M to 4.38M, renju 1.55M to 1.01M).
                // Nor a reduced search kept at depth 1 at least (Stockfish, Rapfi): it
                // seldom acts (depth-12 trees of `scripts/middle15.txt`: freestyle
                // 135.1K to 137.8K nodes, caro 305.5K to 315.4K); not played.
                let mut sc = -self.pvs(b, new_depth - r, ply + 1, -alpha - 1, -alpha, false, stop);
                // Not here: the re-search a ply deeper when the reduced score beats the
                // best so far by 100 + 2 a ply, a ply shallower when by less than 10
                // (Stockfish's deeper and shallower re-search, Rapfi's LMR extension;
                // branch `exp/deeper`): freestyle -6.0 Elo [-23.2, +11.2] over 464
                // game pairs, stopped.
                if sc > alpha && r > 0 {
                    sc = -self.pvs(b, new_depth, ply + 1, -alpha - 1, -alpha, false, stop);
                }
                if sc > alpha && sc < beta && pv_node {
                    sc = -self.pvs(b, new_depth, ply + 1, -beta, -alpha, true, stop);
                }
                sc
            };
            b.unmake();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    // Not here: at a PV node, the moves after one that raises alpha
                    // searched a ply shallower (Stockfish, Rapfi; branch
                    // `exp/trivial`): depth-13 bench tree 3.15M to 2.52M nodes, but
                    // freestyle -13.7 Elo [-29.2, +1.7] over 557 game pairs, SPRT H0.
                    alpha = score;
                    if ply == 0 {
                        self.root_best = Some((m, score));
                    }
                    self.pv[ply][ply] = m;
                    let child_len = self.pv_len[ply + 1].max(ply + 1);
                    for j in ply + 1..child_len {
                        self.pv[ply][j] = self.pv[ply + 1][j];
                    }
                    self.pv_len[ply] = child_len;
                    if alpha >= beta {
                        // Not here: a history malus for the moves tried before the
                        // cut-off (branch `exp/hist-malus`): it shrank the depth-14
                        // bench tree by 7% but did not gain at 100 ms/move: freestyle
                        // +2.2 Elo (773 games) and -0.3 [-18.5, +18.0] (1362), standard
                        // +9.1 [-11.5, +29.8] (1067) and +0.9 [-23.3, +25.1] (773),
                        // renju -14.1 [-39.2, +10.8] (738).
                        let learns = !tactical
                            || (self.history_threes
                                && self.move_class(b, &s, m as usize) < FOUR_ORDER);
                        if learns {
                            let h = &mut self.history[m as usize][me.index()];
                            *h = (*h + depth * depth).min(1 << 20);
                            let kl = &mut self.killers[ply];
                            if kl[0] != m {
                                kl[1] = kl[0];
                                kl[0] = m;
                            }
                            if self.countermove {
                                if let Some(prev) = b.last_move_of(me.opp()) {
                                    self.counter[prev][me.index()] = m;
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && best > alpha0.min(alpha) && best_move != NO_MOVE && best == alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(hash, ply, best_move, best, depth, bound);
        best
    }

    /// ProbCut (see [`Params::probcut`]) over the first moves of the list
    /// `gen_moves` just made for `ply`: the score of a move whose shallower search
    /// beats beta plus the margin, if one does, and 0 if the search was stopped (the
    /// list is left in place for the node's own search, its first picks in order).
    #[allow(clippy::too_many_arguments)]
    fn try_probcut(
        &mut self,
        b: &mut Board,
        depth: i32,
        ply: usize,
        beta: Score,
        hash: u64,
        tt_score: Option<(Score, Bound)>,
        stop: &AtomicBool,
    ) -> Option<Score> {
        let pcb = beta + self.probcut_margin;
        if matches!(tt_score, Some((t, Bound::Upper | Bound::Exact)) if t < pcb) {
            // The table already says no move reaches it.
            return None;
        }
        let me = b.side_to_move();
        let tries = (self.params.probcut_moves as usize).min(LAZY_PICKS);
        for k in 0..tries {
            let Some((m, _)) = self.pick(b, ply, k) else {
                break;
            };
            self.made[ply] = b.info(m as usize, me).threat;
            b.make(m as usize);
            let sc = -self.pvs(
                b,
                depth - PROBCUT_REDUCTION,
                ply + 1,
                -pcb,
                -pcb + 1,
                false,
                stop,
            );
            b.unmake();
            if self.aborted {
                return Some(0);
            }
            if (pcb..WIN_MIN).contains(&sc) {
                self.tt.store(
                    hash,
                    ply,
                    m,
                    sc,
                    depth - PROBCUT_REDUCTION + 1,
                    Bound::Lower,
                );
                return Some(sc);
            }
        }
        None
    }

    /// Fills `self.moves[ply]` with the candidate moves (under renju inside the tree,
    /// black's fouls too: `pick` drops them).
    fn gen_moves(&mut self, b: &mut Board, s: &Scan, ply: usize, tt_move: u16) {
        let mut list = std::mem::take(&mut self.moves[ply]);
        list.clear();
        let me = b.side_to_move();
        let opp = me.opp();
        let renju_black = b.has_fouls(me);
        if s.opp_fives > 0 {
            // Only a defence can save the game (our own five was handled before).
            // Under caro there are often two, the five point and the point past it,
            // here in cell order. Not here: the table's move first, then the five
            // point (by threat class and values): depth-13 caro trees of
            // `scripts/middle15.txt` 639.0K to 725.2K nodes; the point past it first:
            // 572.0K, but the positions moved both ways (caro15 1.22M to 0.35M, caro21
            // 0.46M to 0.57M); neither played. Nor the second of two defences
            // searched a ply shallower at non-PV nodes (a full-depth search again if
            // it beats alpha): 577.5K (two plies: 725.1K); at 100 ms/move, three
            // runs, 751 games, 374 pairs [52, 41, 189, 46, 46], -3.3 Elo [-23.2,
            // +16.7], stopped.
            for i in five_defences(b, opp).iter() {
                if !(renju_black && b.forbidden_at(i)) {
                    list.push((i as u16, TACTICAL));
                }
            }
            self.moves[ply] = list;
            return;
        }
        let drop_fouls = renju_black && !fouls_deferred(b, ply);
        let killers = self.killers[ply];
        let counter = if self.countermove {
            b.last_move_of(opp)
                .map_or(NO_MOVE, |prev| self.counter[prev][me.index()])
        } else {
            NO_MOVE
        };
        let guard = if self.four_three_guard && !s.opp_has_three {
            LineGuard::four_three(b, opp)
        } else {
            LineGuard::default()
        };
        let three_guard = if self.three_lines && s.opp_has_three {
            LineGuard::three(b, opp)
        } else {
            LineGuard::default()
        };
        for i in b.candidates().iter() {
            let mi = b.info(i, me);
            let oi = b.info(i, opp);
            if s.opp_has_three && mi.threat < Threat::Four && !three_guard.stops(b, i, &oi.pat) {
                // Against a three: our fours, or points on the opponent's lines.
                continue;
            }
            if mi.threat < Threat::Four && !guard.allows(b, i) {
                // Against a four-three: our fours, or points on its lines.
                continue;
            }
            let threat = self.move_class(b, s, i);
            // Not here: root moves ordered within their threat class by the nodes
            // their subtrees took in the last iteration (Stockfish's old root order)
            // instead of by value and history. Depth-13 trees of
            // `scripts/middle15.txt` 411K to 432K nodes; at 100 ms/move, freestyle 813
            // games, 406 pairs [64, 17, 258, 8, 59], -8.1 Elo [-27.2, +10.9]; caro 148
            // games, 74 pairs [14, 9, 36, 13, 2], -47.2 [-90.2, -5.6]; both stopped.
            // Not here: a fitted correction added to the values by the multiset of the
            // cell's four line patterns, one table for the mover and one for the opponent
            // (CITE: Rapfi orders moves by a score table apart from its evaluation; branch
            // `exp/order-policy`, fitted there by `wuzi-tune policy=N`). Fitted to
            // self-play moves (a softmax over the played move's threat class) it put the
            // played move first among its class in 53% of held-out standard 20x20 positions
            // against 47% for the values alone, yet scored -3.1 Elo [-23.7, +17.4] under
            // standard 20x20 (387 game pairs, stopped). Standard 15x15 tables cut trees by
            // about 1%: fitted to played moves, the depth-12 standard trees of
            // `scripts/middle15.txt` (179.7K to 177.5K nodes); fitted to a search's cut-off
            // moves, the depth-11 trees of 60 other standard positions from self-play
            // (66.0K to 65.5K).
            let mut score = threat + mi.value + oi.value;
            if threat == 0 || (self.history_threes && threat < FOUR_ORDER) {
                score += (self.history[i][me.index()] >> 4).min(TACTICAL / 8);
            }
            if i as u16 == tt_move {
                score = i32::MAX;
            } else if killers.contains(&(i as u16)) {
                score += TACTICAL / 8;
            } else if i as u16 == counter {
                score += TACTICAL / 16;
            }
            if drop_fouls && b.forbidden_at(i) {
                continue;
            }
            list.push((i as u16, score));
        }
        if list.is_empty() && b.stone_count() == 0 {
            if let Some(i) = fallback_move(b) {
                list.push((i as u16, 0));
            }
        }
        self.moves[ply] = list;
    }

    /// The move-ordering base of cell `i` ([`move_threat`]), a plain block counted as
    /// a stop of a three when `plain_blocks` is on.
    #[inline]
    fn move_class(&self, b: &Board, s: &Scan, i: usize) -> i32 {
        if self.plain_blocks && is_plain_block(b, s, i) {
            threat_order(Threat::Three, false)
        } else {
            move_threat(b, i)
        }
    }

    /// Moves the best of the moves from `k` on into place `k` and returns it (a lazy
    /// selection sort: most nodes cut off after a few moves). Ties go to the lower cell
    /// index, so the order, and the bench, is deterministic. A foul it meets
    /// ([`fouls_deferred`]) leaves the list; `None` when no move is left.
    #[inline(always)]
    fn pick(&mut self, b: &Board, ply: usize, k: usize) -> Option<(u16, i32)> {
        while k < self.moves[ply].len() {
            let picked = self.select(ply, k);
            if !(fouls_deferred(b, ply) && b.forbidden_at(picked.0 as usize)) {
                return Some(picked);
            }
            // A foul for black: gone from the list, the order of the rest kept.
            self.moves[ply].remove(k);
        }
        None
    }

    /// `pick`'s ordering step: the best of the moves from `k` on, moved into place `k`.
    #[inline]
    fn select(&mut self, ply: usize, k: usize) -> (u16, i32) {
        let list = &mut self.moves[ply];
        if k >= LAZY_PICKS {
            // No cut-off yet: this is probably an all-node, so sort the rest once.
            if k == LAZY_PICKS {
                list[k..].sort_unstable_by(|a, c| c.1.cmp(&a.1).then(a.0.cmp(&c.0)));
            }
            return list[k];
        }
        let mut best = k;
        for j in k + 1..list.len() {
            let (a, c) = (list[j], list[best]);
            if a.1 > c.1 || (a.1 == c.1 && a.0 < c.0) {
                best = j;
            }
        }
        list.swap(k, best);
        list[k]
    }
}

/// How settled the iterations' answer is, for the time manager (CITE: best-move
/// instability and falling-evaluation time scaling, as in Stockfish).
#[derive(Default)]
struct Stability {
    /// Best-move changes, halved every iteration.
    changes: f64,
    /// The iteration that last changed the best move.
    changed_at: i32,
    /// How far the score fell in the last iteration (0 when it rose).
    fall: Score,
    /// The last finished iteration.
    depth: i32,
}

impl Stability {
    /// Records a finished iteration: its best move `m` and `score` at `depth`, after
    /// the previous iteration's `prev` (move, score).
    fn update(&mut self, prev: Option<(usize, Score)>, m: usize, score: Score, depth: i32) {
        self.changes /= 2.0;
        self.fall = 0;
        self.depth = depth;
        if let Some((pm, ps)) = prev {
            if pm != m {
                self.changes += 1.0;
                self.changed_at = depth;
            }
            if !is_mate(ps) && !is_mate(score) {
                self.fall = (ps - score).max(0);
            }
        }
    }

    /// The soft limit `soft` scaled by `percent` percent of the full adjustment: up to
    /// twice as long while the best move changes, up to 1.5 times when the score falls
    /// by 300 or more, and 0.6 times once the best move has held for 5 iterations (only
    /// if `may_shrink`: time saved is `banked` for later moves).
    fn scale(&self, soft: Duration, percent: i32, may_shrink: bool) -> Duration {
        if percent <= 0 {
            return soft;
        }
        let instability = 1.0 + self.changes.min(1.0);
        let falling = 1.0 + (self.fall as f64 / 600.0).min(0.5);
        let settled = if self.changes < 0.1 && self.changed_at + 5 <= self.depth {
            0.6
        } else {
            1.0
        };
        let full = (instability * falling * settled).clamp(if may_shrink { 0.5 } else { 1.0 }, 2.5);
        let f = 1.0 + (full - 1.0) * f64::from(percent.min(100)) / 100.0;
        soft.mul_f64(f)
    }
}

/// Moves picked one by one before the rest of the list is sorted.
const LAZY_PICKS: usize = 3;

/// Whether black's fouls at `ply` are left in the move list for `pick` to drop as it
/// meets them (under renju inside the tree: most candidates are never searched, and the
/// foul test is the costly part of generation). At the root they go at once, as the
/// root's list is counted and copied. (The few five defences are filtered at once
/// everywhere; `pick` finds no foul among them.)
#[inline]
fn fouls_deferred(b: &Board, ply: usize) -> bool {
    ply > 0 && b.has_fouls(b.side_to_move())
}

/// How much shallower ProbCut's searches are (see [`Params::probcut`]).
const PROBCUT_REDUCTION: i32 = 4;

/// Move-ordering scores at or above this are threats (fours, threes, blocks).
const TACTICAL: i32 = 1 << 20;
/// Move-ordering scores at or above this make a four, or stop one of the opponent's.
const FOUR_ORDER: i32 = threat_order(Threat::Four, false);

/// The move-ordering base of a point where the side to move (`own`) or the opponent
/// would make threat `t`: 0 below a three, else at least [`TACTICAL`], ranked by the
/// threat and, for the same threat, ours first.
const fn threat_order(t: Threat, own: bool) -> i32 {
    if (t as i32) < Threat::Three as i32 {
        0
    } else {
        (t as i32 * 2 + own as i32) * TACTICAL / 4
    }
}

/// The move-ordering base of cell `i` for the side to move: the larger of its own
/// threat there and the opponent's ([`threat_order`]).
#[inline]
fn move_threat(b: &Board, i: usize) -> i32 {
    let me = b.side_to_move();
    threat_order(b.info(i, me).threat, true).max(threat_order(b.info(i, me.opp()).threat, false))
}

/// Whether moves that make a three, and points that stop one of the opponent's, may be
/// reduced at a node `depth` deep under `rule`: (ours, stops). `lmr_threes` 1 picks by
/// rule (see [`Params::lmr_threes`]), 2 reduces both everywhere; where 1 reduces
/// neither (caro), both from `from` plies deep on (0: never; see
/// [`Params::lmr_threes_from`]).
fn three_reductions(lmr_threes: i32, rule: Rule, from: i32, depth: i32) -> (bool, bool) {
    match lmr_threes {
        0 => (false, false),
        1 => match rule {
            Rule::Freestyle | Rule::Standard => (true, true),
            Rule::Renju => (false, true),
            Rule::Caro | Rule::CaroStandard => {
                let deep = from > 0 && depth >= from;
                (deep, deep)
            }
        },
        _ => (true, true),
    }
}

/// The extra reduction of move `m` under `useless_fours`: 0 unless the opponent has a
/// three that `m` leaves alone (he makes no four there) while it makes a four of ours;
/// then 2 if it is more than four points (in either direction) from his last stone,
/// plus 1 if it is more than four from ours.
fn useless_four_reduction(b: &Board, s: &Scan, m: usize) -> i32 {
    let me = b.side_to_move();
    if !s.opp_has_three
        || b.info(m, me).threat < Threat::Four
        || b.info(m, me.opp()).threat >= Threat::Four
    {
        return 0;
    }
    let far = |last: Option<usize>| last.is_some_and(|l| b.distance(l, m) > 4);
    2 * i32::from(far(b.last_move_of(me.opp()))) + i32::from(far(b.last_move_of(me)))
}

/// The rules under which `useless_fours` 1 turns the switch on.
const USELESS_FOUR_RULES: [Rule; 2] = [Rule::Freestyle, Rule::Caro];

/// The rules under which `four_three_guard` 1 turns the switch on.
const FOUR_THREE_RULES: [Rule; 1] = [Rule::Renju];

/// Some of the opponent's threat points, each with the lines of its threats, that a
/// defence must lie on: his four-three and double-four points (at most
/// [`LineGuard::FOUR_THREES`]; under renju not his fouls) for
/// [`Params::four_three_guard`], or his open-four points (at most
/// [`LineGuard::OPEN_FOURS`]) for [`Params::three_lines`]. Empty, and so no
/// restriction, when he has none or more than that many.
#[derive(Default)]
struct LineGuard {
    points: [(usize, [bool; 4]); LineGuard::OPEN_FOURS],
    len: usize,
    /// How far along a threat's line a defence may lie.
    reach: usize,
}

impl LineGuard {
    const FOUR_THREES: usize = 4;
    const OPEN_FOURS: usize = 8;

    /// The opponent's points of threat `least` or more whose lines (the directions
    /// where `line` holds for the pattern) a defence must lie on; none if there are
    /// more than `max`.
    fn collect(
        b: &Board,
        opp: Color,
        least: Threat,
        max: usize,
        line: impl Fn(Pattern) -> bool,
    ) -> LineGuard {
        let mut g = LineGuard {
            reach: if is_caro(b) { 5 } else { 4 },
            ..LineGuard::default()
        };
        let fouls = b.has_fouls(opp);
        for p in b.four_cells(opp) {
            let info = b.info(p, opp);
            let dirs = info.pat.map(&line);
            if info.threat < least || !dirs.contains(&true) || fouls && b.forbidden_at(p) {
                continue;
            }
            if g.len == max {
                g.len = 0;
                break;
            }
            g.points[g.len] = (p, dirs);
            g.len += 1;
        }
        g
    }

    /// Against the opponent's four-three and double-four points.
    fn four_three(b: &Board, opp: Color) -> LineGuard {
        if b.threats_at_least(opp, Threat::FourThree) == 0 {
            return LineGuard::default();
        }
        Self::collect(b, opp, Threat::FourThree, Self::FOUR_THREES, |x| {
            x >= Pattern::F3
        })
    }

    /// Against the opponent's threes: his open-four points (every one makes him at
    /// least a double four, so it is among his four cells).
    fn three(b: &Board, opp: Color) -> LineGuard {
        Self::collect(b, opp, Threat::FourFour, Self::OPEN_FOURS, |x| {
            x == Pattern::F4
        })
    }

    /// Whether cell `i` lies within reach on one of the points' threat lines `d`
    /// for which `line_ok(d)` also holds (`i` itself is on all of a point's lines).
    fn on_a_line(&self, b: &Board, i: usize, line_ok: impl Fn(usize) -> bool) -> bool {
        self.points[..self.len].iter().any(|&(p, dirs)| {
            (0..4).any(|d| dirs[d] && line_ok(d) && b.on_line_within(p, i, d, self.reach))
        })
    }

    /// Whether cell `i` may be played: there is no such point, or `i` is one, or
    /// lies on one of its threats' lines within reach.
    fn allows(&self, b: &Board, i: usize) -> bool {
        self.len == 0 || self.on_a_line(b, i, |_| true)
    }

    /// Whether cell `i`, where the opponent's patterns are `opp_pat`, may stop his
    /// three: he makes a four there on a line of an open-four point within reach (on
    /// any line if there is no such point, or too many to list).
    fn stops(&self, b: &Board, i: usize, opp_pat: &[Pattern; 4]) -> bool {
        if self.len == 0 {
            return opp_pat.iter().any(|&p| p >= Pattern::B4);
        }
        self.on_a_line(b, i, |d| opp_pat[d] >= Pattern::B4)
    }
}

/// The rules under which `three_lines` 1 turns the switch on.
const THREE_LINE_RULES: [Rule; 0] = [];

/// The rules under which `plain_blocks`, `lmr_fours` and `lmr_early` 1 turn the
/// switches on, on boards up to 15x15 (the lean set, see [`Params::lmr_early`]) ...
const LEAN_RULES: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

/// ... and on larger boards. Standard joined all four large-board lists (this, the
/// wide window's, move count pruning's and the forced extension's) together: on
/// 20x20 at 100 ms/move against all four off (game pairs, SPRT 0/10), two runs side
/// by side: 268 games, 134 pairs [10, 0, 76, 0, 48], +101.3 Elo [+64.3, +140.7], H1;
/// 234 games, 117 pairs [8, 0, 62, 0, 47], +120.4 [+79.4, +164.9], H1. Renju
/// joined this, the wide window's and the forced extension's lists together (its
/// 15x15 set but for `tt_eval` and `four_three_guard`), on 20x20 against all three
/// off: 406 games, 203 pairs [20, 0, 124, 0, 59], +67.6 [+38.5, +97.6], H1. Caro
/// joined this list alone (the lean set but for `tt_eval`; the others are off
/// under caro on 15x15 too), on 20x20 against it off: 636 games, 318 pairs [36, 1,
/// 205, 0, 76], +43.4 [+21.0, +66.1], H1.
const LEAN_LARGE_RULES: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

/// The rules under which the aspiration window is `aspiration_wide`, on boards up
/// to 15x15.
const ASPIRATION_WIDE_RULES: [Rule; 2] = [Rule::Standard, Rule::Renju];

/// ... and on larger boards.
const ASPIRATION_WIDE_LARGE_RULES: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

/// The rules under which `threat_mask` 1 turns the switch on, on boards up to 15x15 ...
const THREAT_MASK_RULES: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Caro, Rule::Renju];
/// ... and on larger boards.
const THREAT_MASK_LARGE_RULES: [Rule; 4] =
    [Rule::Freestyle, Rule::Standard, Rule::Caro, Rule::Renju];

/// The rules under which `probcut` 1 turns the switch on, on boards up to 15x15.
const PROBCUT_RULES: [Rule; 3] = [Rule::Caro, Rule::Standard, Rule::Renju];

/// The rules under which `quick_win` 1 turns the switch on, on boards up to 15x15.
const QUICK_WIN_RULES: [Rule; 1] = [Rule::Freestyle];

/// The rules under which `cont_attack` 1 turns the switch on, on boards up to 15x15.
const CONT_ATTACK_RULES: [Rule; 1] = [Rule::Freestyle];

/// The rules under which `mcp` 1 turns move count pruning on, on boards up to 15x15 ...
const MCP_RULES: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

/// ... and on larger boards. Renju 20x20 (with the lean set, the wide window and the
/// forced extension), on against off at 100 ms/move (game pairs, SPRT 0/10): 1528
/// games, 764 pairs [103, 0, 513, 0, 148], +20.5 Elo [+6.4, +34.6], H1. Caro 20x20
/// (with the lean set and the deeper late move pruning), the same: 746 games, 373
/// pairs [48, 2, 231, 1, 91], +39.8 [+18.4, +61.4], H1.
const MCP_LARGE_RULES: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

/// The rules under which `countermove` 1 turns the switch on, on boards up to 15x15 ...
const COUNTERMOVE_RULES: [Rule; 2] = [Rule::Freestyle, Rule::Standard];

/// ... and on larger boards.
const COUNTERMOVE_LARGE_RULES: [Rule; 1] = [Rule::Standard];

/// The rules under which `lmp_deeper` 1 turns the switch on, on boards up to 15x15.
const LMP_DEEPER_RULES: [Rule; 2] = [Rule::Standard, Rule::Caro];

/// ... and on larger boards.
const LMP_DEEPER_LARGE_RULES: [Rule; 1] = [Rule::Caro];

/// The rules under which `tt_eval` 1 turns the switch on, on boards up to 15x15 ...
const TT_EVAL_RULES: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

/// ... and on larger boards. Caro 20x20, 2 against 1 at 100 ms/move (game pairs, SPRT
/// 0/10): 850 games, 425 pairs [103, 3, 249, 1, 69], -28.7 Elo [-49.9, -7.7], H0.
const TT_EVAL_LARGE_RULES: [Rule; 1] = [Rule::Standard];

/// The rules where `forced_ext` 1 extends every forced block on boards up to 15x15
/// (see [`Params::forced_ext`]).
const FORCED_EXT_RULES: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

/// The same on boards larger than 15x15.
const FORCED_EXT_LARGE_RULES: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

/// Whether cell `i` only stops the opponent's plain four (see
/// [`Params::plain_blocks`]): he has no three on the board, would make just one four
/// there, and the side to move makes less than a three.
#[inline]
fn is_plain_block(b: &Board, s: &Scan, i: usize) -> bool {
    let me = b.side_to_move();
    !s.opp_has_three
        && b.info(i, me.opp()).threat == Threat::Four
        && b.info(i, me).threat < Threat::Three
}

fn board_pos(b: &Board, i: usize) -> Pos {
    b.pos(i)
}

/// The threats both sides have, from the board's incremental counts; the board is
/// walked only when a particular cell is needed (our five point, or, under renju,
/// whether black's open-four points are legal).
fn scan(b: &Board) -> Scan {
    let me = b.side_to_move();
    let opp = me.opp();
    let mut s = Scan {
        opp_fives: b.threat_count(opp, Threat::Five) as usize,
        opp_has_four: b.threats_at_least(opp, Threat::Four) > 0,
        my_four_four: b.threat_count(me, Threat::FourFour) > 0,
        ..Scan::default()
    };
    if b.threat_count(me, Threat::Five) > 0 {
        // We win at once: the opponent's threes do not matter.
        s.my_five = five_point(b, me);
        return s;
    }
    s.opp_has_three = has_real_three(b, opp);
    s
}

/// True if the side to move, facing no five and no possible four of the opponent's,
/// has a four-three or a double three (see `Params::quick_win`), which wins in five
/// plies. Not under caro (where one stone may stop a five past its end) nor for
/// renju black (whose open-four points may be fouls).
fn quick_win(b: &Board, s: &Scan) -> bool {
    let me = b.side_to_move();
    s.opp_fives == 0
        && !s.opp_has_four
        && !is_caro(b)
        && !b.has_fouls(me)
        && (b.threat_count(me, Threat::FourThree) > 0 || b.threat_count(me, Threat::ThreeThree) > 0)
}

/// True if `c` has a cell where it makes an open four and may play (under renju, black's
/// open-four points must not be fouls).
fn has_real_three(b: &Board, c: Color) -> bool {
    if b.open_four_count(c) == 0 {
        return false;
    }
    if !b.has_fouls(c) {
        return true;
    }
    // An open four makes the cell at least a FourFour, so it is among the four cells.
    b.four_cells(c)
        .any(|i| b.info(i, c).pat.contains(&Pattern::F4) && !b.forbidden_at(i))
}

/// The empty cell where `c` makes five (the first in cell order), if any.
fn five_point(b: &Board, c: Color) -> Option<usize> {
    b.five_cells(c).next()
}

/// Whether the board has at most 15x15 cells: the size the small-board switch lists
/// (and `lmr_threes_from`) were tested on.
fn up_to_15x15(board: &Board) -> bool {
    !board.larger_than_15x15()
}

/// The rule whose tuning a search under `rule` takes: standard caro (exactly five,
/// rule 9, which the Gomocup caro league's description matches) plays as caro (rule
/// 8), as its games are the same but for overlines; the switches' rule lists name
/// only caro.
fn tuned_rule(rule: Rule) -> Rule {
    match rule {
        Rule::CaroStandard => Rule::Caro,
        r => r,
    }
}

/// True under the caro rules, where a four can also be stopped past its five point.
fn is_caro(b: &Board) -> bool {
    matches!(b.rule(), Rule::Caro | Rule::CaroStandard)
}

/// The empty cells where the side to move (the defender) stops every five of
/// `attacker`, as a set (in cell order, and no allocation at the many nodes that ask).
/// Outside caro that is the five point when there is exactly one, and nothing when
/// there are two. Under caro a five blocked at both ends by the opponent does not win,
/// so the cells along the fives' lines are tried one by one (see
/// [`Board::stone_stops_fives`]).
fn five_defences(b: &Board, attacker: Color) -> CellSet {
    let mut out = b.empty_cell_set();
    let mut fives = b.five_cells(attacker);
    let Some(first) = fives.next() else {
        return out;
    };
    if !is_caro(b) {
        if fives.next().is_none() {
            out.set(first, true);
        }
        return out;
    }
    // Every five point, kept inline unless there are many (the walk goes on from the
    // first point rather than reading the four set again).
    let (mut few, mut many, mut n) = ([0usize; 8], Vec::new(), 0);
    for p in std::iter::once(first).chain(fives) {
        if n < few.len() {
            few[n] = p;
        } else {
            if n == few.len() {
                many.extend_from_slice(&few);
            }
            many.push(p);
        }
        n += 1;
    }
    let points = if n <= few.len() { &few[..n] } else { &many[..] };
    // A five can only be killed on the line where it is a five, and a defence must kill
    // the first point's fives too: it is that point or on one of its five lines.
    out.set(first, true);
    let pat = b.info(first, attacker).pat;
    for d in (0..4).filter(|&d| pat[d] == Pattern::F5) {
        for q in b.line_cells(first, d, 5).filter(|&q| b.is_empty_at(q)) {
            out.set(q, true);
        }
    }
    let cands = out;
    for r in cands.iter() {
        if !b.stone_stops_fives(r, attacker, points) {
            out.set(r, false);
        }
    }
    out
}

/// True if the side to move has an open or double four it may legally play.
fn has_legal_four_four(b: &Board) -> bool {
    let me = b.side_to_move();
    if b.threat_count(me, Threat::FourFour) == 0 {
        return false;
    }
    !b.has_fouls(me) || legal_four_four(b).is_some()
}

/// A cell where the side to move makes an open or double four and may legally play
/// (renju black may not play a double four, so those cells are checked one by one).
fn legal_four_four(b: &Board) -> Option<usize> {
    let me = b.side_to_move();
    if b.threat_count(me, Threat::FourFour) == 0 {
        return None;
    }
    let renju_black = b.has_fouls(me);
    b.four_cells(me)
        .find(|&i| b.info(i, me).threat == Threat::FourFour && !(renju_black && b.forbidden_at(i)))
}

/// True if cell `m` is a point of the board where the side to move may play.
fn playable(b: &Board, m: usize) -> bool {
    b.is_cell(m) && b.is_empty_at(m) && b.is_legal(b.pos(m))
}

/// The legal empty point nearest the centre (for an empty board or a desperate one).
fn fallback_move(b: &Board) -> Option<usize> {
    let (cx, cy) = (b.width() as i64 - 1, b.height() as i64 - 1);
    b.cell_indices()
        .filter(|&i| b.is_empty_at(i))
        .min_by_key(|&i| {
            let p = b.pos(i);
            let legal = !(b.side_to_move() == Color::Black && b.forbidden_at(i));
            let d = (2 * p.x as i64 - cx).pow(2) + (2 * p.y as i64 - cy).pow(2);
            (!legal, d, i)
        })
}

/// Table bytes a move of `move_ms` milliseconds can use: room for about four moves
/// of a fast machine's search (2500 nodes a millisecond, an entry each), at least
/// [`TT_MIN_BYTES`]. A bigger table buys nothing there and costs its first touches:
/// every page of a fresh table is faulted in (zeroed, and in a virtual machine often
/// first mapped by the host) when the search first writes to it, which for a 270 MB
/// table in 2 MB pages took most of the first 15 moves of a 100 ms/move game (about
/// a thousand nodes a move instead of a hundred thousand).
pub fn tt_bytes_for_time(move_ms: u64) -> usize {
    const BYTES_PER_MS: u64 = 2500 * 4 * TransTable::ENTRY_BYTES as u64;
    move_ms
        .saturating_mul(BYTES_PER_MS)
        .clamp(TT_MIN_BYTES as u64, 1 << 40) as usize
}

/// The smallest table [`tt_bytes_for_time`] gives (the bench's table).
pub const TT_MIN_BYTES: usize = 16 << 20;

/// Bytes of transposition table to use under a process memory limit of `max_memory`
/// bytes (`INFO max_memory`; 0 means no limit).
pub fn tt_bytes_for_memory(max_memory: u64) -> usize {
    const DEFAULT: u64 = 128 << 20;
    const RESERVE: u64 = 12 << 20;
    let budget = if max_memory == 0 {
        DEFAULT
    } else {
        (max_memory.saturating_sub(RESERVE) / 10 * 8).min(1 << 40)
    };
    budget.max(1 << 16) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Standard caro (rule 9) searches with caro's tuning: every switch a search sets
    /// from the rule is the same as under caro (rule 8), on either board size, and
    /// there the lean set is on (before, rule 9 matched none of the rule lists).
    #[test]
    fn standard_caro_takes_the_caro_switches() {
        let stop = AtomicBool::new(false);
        let switches = |rule: Rule, size: usize| {
            let mut b = Board::new(size, size, rule);
            for m in [(7, 7), (8, 8), (7, 8), (9, 9)] {
                b.play(Pos::new(m.0, m.1)).unwrap();
            }
            let mut s = Searcher::new(1 << 16);
            s.search(&b, &Limits::depth(2), &stop).unwrap();
            (
                [
                    s.mcp_on,
                    s.history_threes,
                    s.tt_eval,
                    s.cont_attack,
                    s.countermove,
                    s.plain_blocks,
                    s.useless_fours,
                    s.four_three_guard,
                    s.three_lines,
                    s.forced_ext,
                    s.lmr_fours,
                    s.lmr_early,
                    s.quick_win,
                ],
                s.lmp_depth,
                s.lmr_div,
                Params::DEFAULT.aspiration_for(&b),
            )
        };
        for size in [15, 20] {
            let caro = switches(Rule::Caro, size);
            assert_eq!(switches(Rule::CaroStandard, size), caro, "{size}x{size}");
        }
        let caro15 = switches(Rule::Caro, 15);
        assert!(
            caro15.0[5] && caro15.0[10] && caro15.0[11],
            "caro's lean set"
        );
        assert_eq!(
            caro15.1,
            Params::DEFAULT.lmp_max_depth + 1,
            "caro's deeper pruning"
        );
    }

    /// The wide aspiration window applies under its rules for boards up to 15x15 and
    /// for larger ones, and setting it to `aspiration` turns it off.
    #[test]
    fn the_wide_aspiration_window_follows_the_rule_and_size() {
        let p = Params::DEFAULT;
        for rule in Rule::ALL {
            for (w, h) in [(15, 15), (20, 20), (15, 20)] {
                let b = Board::new(w, h, rule);
                let wide = if w * h <= 225 {
                    ASPIRATION_WIDE_RULES.contains(&rule)
                } else {
                    ASPIRATION_WIDE_LARGE_RULES.contains(&rule)
                };
                let expected = if wide {
                    p.aspiration_wide
                } else {
                    p.aspiration
                };
                assert_eq!(p.aspiration_for(&b), expected, "{rule:?} {w}x{h}");
            }
        }
        assert_ne!(p.aspiration_wide, p.aspiration);
        let mut p = Params::DEFAULT;
        assert!(p.set("aspiration_wide", 60) && p.set("aspiration", 60));
        let b = Board::new(15, 15, ASPIRATION_WIDE_RULES[0]);
        assert_eq!(p.aspiration_for(&b), 60);
    }

    /// `INFO wuzi_*` accepts large values only for the node cap; the others stay small.
    #[test]
    fn tunables_keep_their_ranges() {
        let mut p = Params::DEFAULT;
        assert!(p.set("root_vct_nodes", 2_000_000));
        assert_eq!(p.root_vct_nodes, 2_000_000);
        assert!(p.set("root_vct_threats", 8));
        assert!(
            !p.set("tempo_percent", 2_000_000),
            "would overflow the evaluation"
        );
        assert!(!p.set("root_vct_nodes", 20_000_000));
        assert!(!p.set("root_vct_percent", -1));
        assert_eq!(p.tempo_percent, Params::DEFAULT.tempo_percent);
    }

    /// Saved time is banked (and `iteration_growth` applies) under a match clock whose
    /// share of a move is below the turn limit; a turn limit alone, or one tighter
    /// than the match clock's share, uses `iteration_growth_turn`.
    #[test]
    fn only_a_match_clock_banks_time() {
        use crate::time::Clock;
        let limits = |clock: Clock| Limits::timed(Instant::now(), clock.budget(10, 215));
        let turn = |ms| Clock {
            timeout_turn: Some(ms),
            ..Clock::default()
        };
        for ms in [100, 1000, 5000, 30_000] {
            assert!(!limits(turn(ms)).banked(), "turn {ms}");
        }
        let gomocup = Clock {
            timeout_turn: Some(30_000),
            timeout_match: Some(180_000),
            ..Clock::default()
        };
        assert!(limits(gomocup).banked(), "{:?}", gomocup.budget(10, 215));
        let tight_turn = Clock {
            timeout_turn: Some(1_000),
            ..gomocup
        };
        assert!(
            !limits(tight_turn).banked(),
            "{:?}",
            tight_turn.budget(10, 215)
        );
        let match_only = Clock {
            timeout_match: Some(4_000),
            time_left: Some(4_000),
            ..Clock::default()
        };
        assert!(limits(match_only).banked());
        assert!(!Limits::depth(8).banked(), "no clock, nothing to bank");
        let mut p = Params::DEFAULT;
        assert!(p.set("iteration_growth_turn", 2));
        assert_eq!((p.iteration_growth_turn, p.iteration_growth), (2, 1));
    }

    /// `five_defences` against a recount: the cells where a defender's stone leaves
    /// the attacker no five (placed and counted), under caro; elsewhere the lone five
    /// point, or nothing when there are two. Random positions under every rule, and a
    /// caro position with more five points than the list keeps inline.
    #[test]
    fn five_defences_match_placing_the_stone() {
        let expected = |b: &Board, attacker: Color| -> Vec<usize> {
            let points: Vec<usize> = b.five_cells(attacker).collect();
            if !is_caro(b) {
                return if points.len() == 1 {
                    points
                } else {
                    Vec::new()
                };
            }
            let empty = b.cell_indices().filter(|&i| b.is_empty_at(i));
            empty
                .filter(|&r| {
                    let mut played = b.clone();
                    played.set_side_to_move(attacker.opp());
                    played.make(r);
                    played.threat_count(attacker, Threat::Five) == 0
                })
                .collect()
        };
        let check = |b: &Board, attacker: Color| -> usize {
            let got: Vec<usize> = five_defences(b, attacker).iter().collect();
            assert_eq!(got, expected(b, attacker), "{:?} {b:?}", b.rule());
            got.len()
        };
        let mut rng = crate::types::XorShift(0x2545_F491_4F6C_DD1D);
        let mut found = [0usize; 3];
        for rule in Rule::ALL {
            for _ in 0..300 {
                let b = Board::random_9x9(rule, &mut rng);
                for attacker in [Color::Black, Color::White] {
                    if b.threat_count(attacker, Threat::Five) > 0 {
                        found[check(&b, attacker).min(2)] += 1;
                    }
                }
            }
        }
        let [none, one, several] = found;
        assert!(none > 100 && one > 100 && several > 10, "{found:?}");
        // Six rows of four black stones: twelve five points, which no stone stops.
        let mut b = Board::new(15, 15, Rule::Caro);
        for y in (0..12).step_by(2) {
            for x in 5..9 {
                b.place(Pos::new(x, y), Color::Black).unwrap();
            }
        }
        assert_eq!(b.five_cells(Color::Black).count(), 12);
        assert_eq!(check(&b, Color::Black), 0);
    }

    /// ProbCut acts when switched on (here, from depth 5, it grows this depth-9 tree
    /// from 34.5K to 43.5K nodes, while it shrinks the depth-14 trees of
    /// std15-middle, renju15-middle and caro15-middle from 351K to 57K, 237K to 146K
    /// and 860K to 383K), the tree is the same as without it while its depth is out of
    /// reach, 1 turns it on under caro, standard and renju up to 15x15 only, and
    /// standard and renju take their own margins.
    #[test]
    fn probcut_follows_its_parameters() {
        let position = |rule: Rule| {
            let mut b = Board::new(15, 15, rule);
            for m in crate::bench::parse_moves("7,7 5,5 7,5 7,4 9,5 6,4 8,5 6,5") {
                b.play(m).unwrap();
            }
            b
        };
        let b = position(Rule::Freestyle);
        let stop = AtomicBool::new(false);
        let run = |b: &Board, depth: i32, name: &str, v: i64| {
            let mut p = Params::DEFAULT;
            assert!(p.set("probcut_depth", 5) && p.set(name, v));
            let mut s = Searcher::new(1 << 20);
            s.set_params(p);
            s.search(b, &Limits::depth(depth), &stop).unwrap().nodes
        };
        let nodes = |depth: i32, switch: i64| run(&b, depth, "probcut", switch);
        let (off, on) = (nodes(9, 0), nodes(9, 2));
        assert_ne!(on, off, "ProbCut changed nothing");
        assert_eq!(
            nodes(4, 2),
            nodes(4, 0),
            "no node is 5 plies from the horizon"
        );
        assert_eq!(nodes(9, 1), off, "1 leaves it off under freestyle");
        // Under standard and renju the tree follows the rule's own margin, not
        // `probcut_margin`.
        for (rule, own) in [
            (Rule::Standard, "probcut_margin_standard"),
            (Rule::Renju, "probcut_margin_renju"),
        ] {
            let b = position(rule);
            let nodes = |name: &str, margin: i64| run(&b, 9, name, margin);
            let base = nodes("probcut_margin", Params::DEFAULT.probcut_margin.into());
            assert_eq!(
                nodes("probcut_margin", 40),
                base,
                "{rule:?}: not the shared margin"
            );
            assert_ne!(nodes(own, 40), base, "{rule:?}: its own margin");
        }
        for rule in Rule::ALL {
            for size in [15, 20] {
                let b = Board::new(size, size, rule);
                let on = size == 15
                    && matches!(tuned_rule(rule), Rule::Caro | Rule::Standard | Rule::Renju);
                assert_eq!(Params::on_for(1, &b, &PROBCUT_RULES), on, "{rule:?} {size}");
            }
        }
    }

    /// The leaf VCF tries only fours near the attacker's last stone: a win that starts
    /// far from it is left to the full VCF, whose answer the local search's cached
    /// "no win" must not hide.
    #[test]
    fn the_local_vcf_keeps_to_the_last_move() {
        // Black wins by 6,3 (a four on row 3 and an open three on column 6), white's
        // forced block at 7,3, then an open four on column 6.
        let setup = |black: &[(u8, u8)]| {
            let mut b = Board::new(15, 15, Rule::Freestyle);
            for (x, y) in [(2, 3), (0, 14), (14, 0), (12, 2)] {
                b.place(Pos::new(x, y), Color::White).unwrap();
            }
            for &(x, y) in black {
                b.place(Pos::new(x, y), Color::Black).unwrap();
            }
            b.place(Pos::new(10, 12), Color::White).unwrap();
            b.set_side_to_move(Color::Black);
            b
        };
        let stones = [(3, 3), (4, 3), (6, 4), (6, 5), (5, 3)];
        let far = [(3, 3), (4, 3), (6, 4), (6, 5), (5, 3), (13, 13)];
        let mut s = Searcher::new(1 << 16);
        for (black, local_wins) in [(&stones[..], true), (&far[..], false)] {
            let last = black[black.len() - 1];
            let mut b = setup(black);
            s.new_game();
            let local = s.vcf_local(&mut b, 0, 10);
            assert_eq!(local.is_some(), local_wins, "last black stone {last:?}");
            let full = s.vcf(&mut b, 0, 10).expect("the full VCF wins");
            assert_eq!(b.pos(s.pv[0][0] as usize), Pos::new(6, 3));
            assert_eq!(full, 5, "four, block, open four, block, five");
            if let Some(p) = local {
                assert_eq!(p, full);
            }
        }
    }

    /// The same position reached by two orders: the local VCF finds the win only
    /// when black's last stone is near it, and the "no win" it found after the far
    /// last stone must not be read back from its cache after the near one (a
    /// self-play caro game missed a forced win that way).
    #[test]
    fn the_local_vcf_cache_keeps_apart_the_last_stones() {
        // As above: black wins by 6,3, white's block at 7,3, then an open four.
        let whites = [(2, 3), (0, 14), (14, 0), (12, 2), (10, 12), (0, 0)];
        let play = |blacks: [(u8, u8); 6]| {
            let mut b = Board::new(15, 15, Rule::Freestyle);
            for (&(bx, by), &(wx, wy)) in blacks.iter().zip(&whites) {
                b.play(Pos::new(bx, by)).unwrap();
                b.play(Pos::new(wx, wy)).unwrap();
            }
            b
        };
        let mut far_last = play([(3, 3), (4, 3), (6, 4), (6, 5), (5, 3), (13, 13)]);
        let mut near_last = play([(13, 13), (3, 3), (4, 3), (6, 4), (6, 5), (5, 3)]);
        assert_eq!(far_last.hash(), near_last.hash());
        let mut s = Searcher::new(1 << 16);
        assert_eq!(s.vcf_local(&mut far_last, 0, 10), None, "far last stone");
        assert_eq!(
            s.vcf_local(&mut near_last, 0, 10),
            Some(5),
            "near last stone"
        );
    }

    /// Each search uses the reduction table of its rule's divisor under the tunables
    /// in force (`lmr_log_div`, or `lmr_log_div_standard` under standard and
    /// `lmr_log_div_renju` under renju), also when the tunables or the rule change
    /// between searches.
    #[test]
    fn the_reduction_table_follows_the_rule_and_its_parameter() {
        let mut s = Searcher::new(1 << 16);
        let stop = AtomicBool::new(false);
        let d = Params::DEFAULT;
        assert_ne!(d.lmr_log_div, d.lmr_log_div_standard);
        assert_ne!(d.lmr_log_div, d.lmr_log_div_renju);
        assert_ne!(d.lmr_log_div_standard, d.lmr_log_div_renju);
        assert_eq!(s.lmr, lmr_table(d.lmr_log_div));
        let div100 = Params {
            lmr_log_div: 100,
            ..d
        };
        let std_off = Params {
            lmr_log_div_standard: 0,
            ..d
        };
        let renju_off = Params {
            lmr_log_div_renju: 0,
            ..d
        };
        let cases = [
            (Rule::Standard, d, d.lmr_log_div_standard),
            (Rule::Freestyle, d, d.lmr_log_div),
            (Rule::Renju, d, d.lmr_log_div_renju),
            (Rule::Caro, d, d.lmr_log_div),
            (Rule::Standard, d, d.lmr_log_div_standard),
            (Rule::Freestyle, div100, 100),
            (Rule::Standard, div100, d.lmr_log_div_standard),
            (Rule::Standard, std_off, 0),
            (Rule::Freestyle, std_off, d.lmr_log_div),
            (Rule::Renju, div100, d.lmr_log_div_renju),
            (Rule::Renju, renju_off, 0),
            (Rule::Standard, renju_off, d.lmr_log_div_standard),
            (Rule::Caro, renju_off, d.lmr_log_div),
        ];
        for (rule, params, div) in cases {
            let mut b = Board::new(15, 15, rule);
            b.play(Pos::new(7, 7)).unwrap();
            s.set_params(params);
            s.search(&b, &Limits::depth(2), &stop).unwrap();
            assert_eq!(s.lmr, lmr_table(div), "{rule:?} divisor {div}");
        }
        assert_ne!(lmr_table(100), lmr_table(250));
    }

    /// Three-class moves are reduced by rule under `lmr_threes` 1, and under caro only
    /// from `lmr_threes_from` plies deep; 0 reduces none and 2 all, at any depth.
    #[test]
    fn three_reductions_follow_the_rule_and_the_depth() {
        use Rule::*;
        for depth in 1..20 {
            for from in [0, 5, 7] {
                let deep = from > 0 && depth >= from;
                let cases = [
                    (Freestyle, (true, true)),
                    (Standard, (true, true)),
                    (Renju, (false, true)),
                    (Caro, (deep, deep)),
                    (CaroStandard, (deep, deep)),
                ];
                for (rule, expected) in cases {
                    let got = three_reductions(1, rule, from, depth);
                    assert_eq!(got, expected, "{rule:?} depth {depth} from {from}");
                    assert_eq!(three_reductions(0, rule, from, depth), (false, false));
                    assert_eq!(three_reductions(2, rule, from, depth), (true, true));
                }
            }
        }
    }

    /// Move count pruning keeps 3 + depth^1.32 moves (scaled by `mcp_percent`), a
    /// search uses the table of its parameter, and the pruning acts: a depth-9 search
    /// of a middle game visits fewer nodes with it than without.
    #[test]
    fn move_count_pruning_follows_its_parameter() {
        let t = mcp_table(100);
        assert_eq!(t[1..=4], [4, 5, 7, 9]);
        assert_eq!(t[10], 23);
        assert_eq!(mcp_table(50)[10], 13);
        assert!(mcp_table(0).iter().all(|&n| n == usize::MAX));
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for m in crate::bench::parse_moves("7,7 5,5 7,5 7,4 9,5 6,4 8,5 6,5") {
            b.play(m).unwrap();
        }
        let stop = AtomicBool::new(false);
        let nodes = |mcp_percent: i32| {
            let mut s = Searcher::new(1 << 20);
            s.set_params(Params {
                mcp: 2,
                mcp_percent,
                ..Params::DEFAULT
            });
            let r = s.search(&b, &Limits::depth(9), &stop).unwrap();
            assert_eq!(s.mcp, mcp_table(mcp_percent));
            r.nodes
        };
        let (off, on) = (nodes(0), nodes(Params::DEFAULT.mcp_percent));
        assert!(on < off, "pruned {on} nodes, unpruned {off}");
        // The default 1 turns it on under every rule, on 15x15 and 20x20; 0 turns it
        // off everywhere.
        for rule in Rule::ALL {
            for size in [15, 20] {
                let mut b = Board::new(size, size, rule);
                b.play(Pos::new(7, 7)).unwrap();
                for (mcp, on) in [(1, true), (0, false)] {
                    let mut s = Searcher::new(1 << 16);
                    s.set_params(Params {
                        mcp,
                        ..Params::DEFAULT
                    });
                    s.search(&b, &Limits::depth(2), &stop).unwrap();
                    assert_eq!(s.mcp_on, on, "{rule:?} {size}x{size} mcp {mcp}");
                }
            }
        }
    }

    /// Each search gives three-class moves history and killers exactly under the rules
    /// `hist_threes` names, and a search with them learns from such a move's cut-off.
    #[test]
    fn three_class_history_follows_the_rule_and_its_parameter() {
        let mut s = Searcher::new(1 << 16);
        let stop = AtomicBool::new(false);
        for hist_threes in 0..=2 {
            for rule in Rule::ALL {
                let mut b = Board::new(15, 15, rule);
                for m in [(7, 7), (8, 8), (7, 8), (9, 9)] {
                    b.play(Pos::new(m.0, m.1)).unwrap();
                }
                s.set_params(Params {
                    hist_threes,
                    ..Params::DEFAULT
                });
                s.new_game();
                s.search(&b, &Limits::depth(6), &stop).unwrap();
                let expected = match hist_threes {
                    0 => false,
                    1 => rule == Rule::Standard,
                    _ => true,
                };
                assert_eq!(
                    s.history_threes, expected,
                    "{rule:?} hist_threes {hist_threes}"
                );
                // Black's stones at 7,7 and 7,8 make threes on their column: with the
                // switch on, some such point has cut off and been credited. (Not the
                // converse: a point that makes a three here may be quiet deeper in the
                // tree and be credited there, as under standard caro with the fitted
                // caro bonuses.)
                let me = b.side_to_move();
                let learned = b
                    .candidates()
                    .iter()
                    .any(|i| s.history[i][me.index()] > 0 && move_threat(&b, i) >= TACTICAL);
                if expected {
                    assert!(learned, "{rule:?} hist_threes {hist_threes}");
                }
            }
        }
    }

    /// With `countermove` on, a search records the replies that cut off after the
    /// opponent's move, and the reply recorded for the opponent's last move comes
    /// first among the quiet moves (no table move or killers here); off, it does not.
    #[test]
    fn the_countermove_leads_the_quiet_moves_when_on() {
        let stop = AtomicBool::new(false);
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for m in [(7, 7), (8, 8), (9, 6), (6, 9)] {
            b.play(Pos::new(m.0, m.1)).unwrap();
        }
        let me = b.side_to_move();
        let prev = b.index(Pos::new(6, 9));
        let quiet_order = |s: &mut Searcher, b: &mut Board| {
            s.gen_moves(b, &scan(b), 0, NO_MOVE);
            let mut list = s.moves[0].clone();
            list.sort_by(|a, c| c.1.cmp(&a.1).then(a.0.cmp(&c.0)));
            list.into_iter()
                .filter(|&(_, o)| o < TACTICAL)
                .map(|(m, _)| m)
                .collect::<Vec<u16>>()
        };
        for countermove in [0, 2] {
            let mut s = Searcher::new(1 << 16);
            s.set_params(Params {
                countermove,
                ..Params::DEFAULT
            });
            s.search(&b, &Limits::depth(8), &stop).unwrap();
            let recorded = s.counter.iter().any(|c| c.iter().any(|&m| m != NO_MOVE));
            assert_eq!(recorded, countermove > 0, "countermove {countermove}");
            // The quiet candidate ordered last without a recorded reply becomes the
            // reply to the opponent's last stone.
            s.new_game();
            let before = quiet_order(&mut s, &mut b);
            assert!(before.len() > 10);
            let last = *before.last().unwrap();
            s.counter[prev][me.index()] = last;
            let after = quiet_order(&mut s, &mut b);
            if countermove > 0 {
                assert_eq!(after[0], last);
            } else {
                assert_eq!(after, before);
            }
        }
    }

    /// `history_age` divides the history kept from the last search of the game at the
    /// start of the next: a far corner, which no search visits, keeps exactly its value
    /// divided by 2 to that power.
    #[test]
    fn the_history_ages_between_searches_when_set() {
        let stop = AtomicBool::new(false);
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for m in [(7, 7), (8, 8), (9, 6)] {
            b.play(Pos::new(m.0, m.1)).unwrap();
        }
        let corner = b.index(Pos::new(0, 0));
        for age in [0, 1, 3] {
            let mut s = Searcher::new(1 << 16);
            s.set_params(Params {
                history_age: age,
                ..Params::DEFAULT
            });
            s.history[corner] = [800, 80];
            s.search(&b, &Limits::depth(6), &stop).unwrap();
            assert_eq!(
                s.history[corner],
                [800 >> age, 80 >> age],
                "history_age {age}"
            );
            assert!(
                (0..s.history.len()).any(|i| i != corner && s.history[i] != [0, 0]),
                "the search learnt something besides the corner"
            );
        }
    }

    /// Plays `games` random games on 15x15 under `rule` from a centre stone, at most
    /// `plies` moves each (a xorshift generator seeded with `seed` picks among the
    /// legal candidates), and shows `visit` every position reached before either side
    /// has a five point.
    fn random_positions(
        rule: Rule,
        games: usize,
        plies: usize,
        seed: u64,
        mut visit: impl FnMut(&mut Board, &Scan),
    ) {
        let mut rng = crate::types::XorShift(seed);
        for _game in 0..games {
            let mut b = Board::new(15, 15, rule);
            b.make(b.index(Pos::new(7, 7)));
            for _ in 0..plies {
                let sc = scan(&b);
                if sc.my_five.is_some() || sc.opp_fives > 0 {
                    break;
                }
                visit(&mut b, &sc);
                let moves: Vec<usize> =
                    b.candidates().iter().filter(|&i| playable(&b, i)).collect();
                if moves.is_empty() {
                    break;
                }
                b.make(moves[rng.below(moves.len())]);
            }
        }
    }

    /// Every quick win (`quick_win`) found in random games is a real one: the VCT
    /// solver proves it with one three or four and the continuous fours after it.
    #[test]
    fn a_quick_win_is_a_threat_win() {
        let mut s = Searcher::new(1 << 20);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let mut found = 0;
            random_positions(rule, 60, 60, 0x2545_F491_4F6C_DD1D, |b, sc| {
                if quick_win(b, sc) {
                    found += 1;
                    s.new_game();
                    let five = s.vct(b, 0, 1);
                    assert!(
                        five.is_some(),
                        "{rule:?}: no threat win after {:?}",
                        b.history()
                    );
                }
            });
            assert!(found >= 20, "{rule:?}: only {found} quick wins");
        }
    }

    /// The stand pat at the horizon (`vcf_stand_pat`) changes no depth-1 result: the
    /// first root move is searched with an open window, where it never acts, and a
    /// reply that stands pat instead of finding its VCF fails high either way. Random
    /// middle games under every rule, one search of each position with it and one
    /// without, each with fresh tables.
    #[test]
    fn the_stand_pat_keeps_depth_one_results() {
        let search = |b: &Board, on: i32| {
            let mut s = Searcher::new(1 << 20);
            s.set_params(Params {
                vcf_stand_pat: on,
                root_vcf_fours: 0,
                ..Params::DEFAULT
            });
            let r = s
                .search(b, &Limits::depth(1), &AtomicBool::new(false))
                .unwrap();
            (r.best, r.score, r.nodes)
        };
        for rule in Rule::ALL {
            let (mut fewer, mut positions) = (0, 0);
            random_positions(rule, 8, 30, 0x9E37_79B9_7F4A_7C15, |b, _| {
                if b.stone_count() >= 8 {
                    let (with, without) = (search(b, 1), search(b, 0));
                    let what = format!("{rule:?} after {:?}", b.history());
                    assert_eq!((with.0, with.1), (without.0, without.1), "{what}");
                    assert!(with.2 <= without.2, "{what}");
                    fewer += usize::from(with.2 < without.2);
                    positions += 1;
                }
            });
            // It acts: some searches save the VCF.
            assert!(fewer * 4 >= positions, "{rule:?}: {fewer} of {positions}");
        }
    }

    /// A 15x15 board under `rule` with `stones` placed in that order, black to move.
    fn board_with(rule: Rule, stones: &[((u8, u8), Color)]) -> Board {
        let mut b = Board::new(15, 15, rule);
        for &(p, c) in stones {
            b.place(Pos::new(p.0, p.1), c).unwrap();
        }
        b.set_side_to_move(Color::Black);
        b
    }

    /// White's three at 5..7,7, blocked by black at 4,7: at 8,7 white makes a four.
    const BLOCKED_THREE: [((u8, u8), Color); 4] = [
        ((4, 7), Color::Black),
        ((5, 7), Color::White),
        ((6, 7), Color::White),
        ((7, 7), Color::White),
    ];

    /// The cell index of point `p` on `b`.
    fn at(b: &Board, p: (u8, u8)) -> usize {
        b.index(Pos::new(p.0, p.1))
    }

    /// With `plain_blocks` on, a point that only stops the opponent's plain four is
    /// ordered below a point where we make a three, among the stops of threes; off,
    /// it is ordered as a block of a four. Once the opponent has an open three, no
    /// point is a plain block.
    #[test]
    fn a_plain_block_is_ordered_as_a_stop_when_on() {
        let (x, o) = (Color::Black, Color::White);
        // White's blocked three, and black's two at 7..8,10.
        let stones = [BLOCKED_THREE.as_slice(), &[((7, 10), x), ((8, 10), x)]].concat();
        let mut b = board_with(Rule::Caro, &stones);
        let block = b.index(Pos::new(8, 7));
        let three = b.index(Pos::new(6, 10));
        assert_eq!(b.info(block, o).threat, Threat::Four);
        assert_eq!(b.info(three, x).threat, Threat::Three);
        let order_of = |s: &mut Searcher, b: &mut Board, i: usize| {
            s.gen_moves(b, &scan(b), 0, NO_MOVE);
            s.moves[0]
                .iter()
                .find(|&&(m, _)| m as usize == i)
                .unwrap()
                .1
        };
        for plain_blocks in [0, 1, 2] {
            let mut s = Searcher::new(1 << 16);
            s.set_params(Params {
                plain_blocks,
                ..Params::DEFAULT
            });
            let stop = AtomicBool::new(false);
            s.search(&b, &Limits::depth(1), &stop).unwrap();
            let on = Params::on_for_sizes(plain_blocks, &b, &LEAN_RULES, &LEAN_LARGE_RULES);
            assert_eq!(s.plain_blocks, on, "plain_blocks {plain_blocks}");
            assert!(is_plain_block(&b, &scan(&b), block));
            let (ob, ot) = (
                order_of(&mut s, &mut b, block),
                order_of(&mut s, &mut b, three),
            );
            if on {
                assert!(ob < ot && (TACTICAL..FOUR_ORDER).contains(&ob), "{ob} {ot}");
            } else {
                assert!(ob >= FOUR_ORDER && ob > ot, "{ob} {ot}");
            }
        }
        // With an open three of white's elsewhere (10,3 to 10,5), the point is no
        // plain block.
        b.place(Pos::new(10, 3), o).unwrap();
        b.place(Pos::new(10, 4), o).unwrap();
        b.place(Pos::new(10, 5), o).unwrap();
        b.place(Pos::new(3, 12), x).unwrap();
        b.place(Pos::new(12, 12), x).unwrap();
        b.set_side_to_move(x);
        assert!(scan(&b).opp_has_three);
        assert!(!is_plain_block(&b, &scan(&b), block));
    }

    /// `useless_fours` reduces only a four that leaves the opponent's three alone: by
    /// two when far from his last stone, one more when far from ours too.
    #[test]
    fn a_four_that_ignores_a_three_is_reduced_by_distance() {
        let (x, o) = (Color::Black, Color::White);
        // White's open three on row 3; black's three on row 10, blocked by white at 9,10.
        let stones = |black_last: (u8, u8)| {
            let order = [
                ((10, 10), x),
                ((3, 3), o),
                ((11, 10), x),
                ((4, 3), o),
                ((12, 10), x),
                ((9, 10), o),
                (black_last, x),
                ((5, 3), o),
            ];
            board_with(Rule::Freestyle, &order)
        };
        // Black's last stone next to his four point, then far from it.
        for (black_last, expected) in [((13, 12), 2), ((1, 12), 3)] {
            let b = stones(black_last);
            let s = scan(&b);
            assert!(s.opp_has_three);
            let four = at(&b, (13, 10));
            assert!(b.info(four, x).threat >= Threat::Four);
            assert_eq!(
                useless_four_reduction(&b, &s, four),
                expected,
                "{black_last:?}"
            );
            // A block of the three, and a quiet point, are not touched.
            assert_eq!(useless_four_reduction(&b, &s, at(&b, (6, 3))), 0);
            assert_eq!(useless_four_reduction(&b, &s, at(&b, (8, 8))), 0);
        }
        // Without the opponent's three, nothing is reduced.
        let mut b = stones((13, 12));
        b.remove(Pos::new(5, 3)).unwrap();
        b.set_side_to_move(x);
        let s = scan(&b);
        assert!(!s.opp_has_three);
        assert_eq!(useless_four_reduction(&b, &s, at(&b, (13, 10))), 0);
    }

    /// The moves a searcher with switches set by `switch` generates at the root of
    /// `b`, in cell order.
    fn generated(b: &mut Board, switch: impl Fn(&mut Searcher)) -> Vec<usize> {
        let mut s = Searcher::new(1 << 16);
        switch(&mut s);
        s.gen_moves(b, &scan(b), 0, NO_MOVE);
        let mut m: Vec<usize> = s.moves[0].iter().map(|&(m, _)| m as usize).collect();
        m.sort_unstable();
        m
    }

    /// Each of `moves` lets the opponent win by continuous fours.
    fn assert_each_loses_to_fours(b: &mut Board, moves: &[usize]) {
        let mut s = Searcher::new(1 << 16);
        for &m in moves {
            b.make(m);
            assert!(s.vcf(b, 0, 4).is_some(), "{:?} {}", b.rule(), b.pos(m));
            b.unmake();
        }
    }

    /// With `four_three_guard` on, against a point where the opponent makes a four and
    /// an open three, the moves are that point and the points on its two lines, and
    /// each move the guard drops loses to a win by continuous fours; off, every
    /// candidate is generated. The reach along the lines is one more under caro.
    #[test]
    fn a_four_three_point_restricts_the_moves_to_its_lines() {
        let (x, o) = (Color::Black, Color::White);
        // White's blocked three, and a two at 8,5 and 8,6: at 8,7 white makes a four
        // and an open three. Black's stones far away give him quiet candidates there,
        // and the one at 14,9 makes 12,7 to 14,7 candidates.
        let rest = [
            ((8, 5), o),
            ((8, 6), o),
            ((2, 12), x),
            ((3, 12), x),
            ((12, 2), x),
            ((14, 9), x),
        ];
        let stones = [BLOCKED_THREE.as_slice(), &rest].concat();
        for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro] {
            let mut b = board_with(rule, &stones);
            let point = at(&b, (8, 7));
            assert_eq!(b.info(point, o).threat, Threat::FourThree, "{rule:?}");
            assert!(!scan(&b).opp_has_three, "{rule:?}");
            // The switch as a search sets it from `Params::four_three_guard`.
            let all = generated(&mut b, |_| {});
            let kept = generated(&mut b, |s| s.four_three_guard = true);
            assert_eq!(all.len(), b.candidates().iter().count(), "{rule:?}");
            // The four-three point, the defences on its lines, and the last point of
            // the row within reach (five points from 8,7 under caro, four otherwise).
            let reach = if rule == Rule::Caro { 5 } else { 4 };
            for p in [(8, 7), (9, 7), (8, 8), (8, 4), (8, 3), (8 + reach, 7)] {
                assert!(kept.contains(&at(&b, p)), "{rule:?} {p:?}");
            }
            assert!(!kept.contains(&at(&b, (9 + reach, 7))), "{rule:?}");
            let dropped: Vec<usize> = all.iter().copied().filter(|m| !kept.contains(m)).collect();
            assert!(dropped.contains(&at(&b, (3, 13))), "{rule:?}");
            assert_each_loses_to_fours(&mut b, &dropped);
        }
    }

    /// With `three_lines` on, against an open three only the points on its line are
    /// kept (and our fours): a point where white makes a four on another line is
    /// dropped, and every dropped move loses to white's fours.
    #[test]
    fn a_three_restricts_the_defences_to_its_line() {
        let (x, o) = (Color::Black, Color::White);
        // White's blocked three on row 7 (four points 8,7 and 9,7) and open three at
        // 5..7,11; black's two at 11..12,3 makes him no four.
        let rest = [
            ((5, 11), o),
            ((6, 11), o),
            ((7, 11), o),
            ((11, 3), x),
            ((12, 3), x),
        ];
        let stones = [BLOCKED_THREE.as_slice(), &rest].concat();
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
            let mut b = board_with(rule, &stones);
            assert!(scan(&b).opp_has_three, "{rule:?}");
            let all = generated(&mut b, |_| {});
            let kept = generated(&mut b, |s| s.three_lines = true);
            let cells = |ps: &[(u8, u8)]| {
                let mut v: Vec<usize> = ps.iter().map(|&p| at(&b, p)).collect();
                v.sort_unstable();
                v
            };
            let defences = cells(&[(3, 11), (4, 11), (8, 11), (9, 11)]);
            assert_eq!(kept, defences, "{rule:?}");
            let dropped: Vec<usize> = all.iter().copied().filter(|m| !kept.contains(m)).collect();
            assert_eq!(dropped, cells(&[(8, 7), (9, 7)]), "{rule:?}");
            assert_each_loses_to_fours(&mut b, &dropped);
        }
    }

    /// The soft limit grows while the best move changes or the score falls, shrinks
    /// once the move has held for five iterations, and stays as given when the scaling
    /// is off.
    #[test]
    fn time_scaling_follows_the_iterations() {
        let soft = Duration::from_millis(1000);
        let ms = |st: &Stability, pct: i32| st.scale(soft, pct, true).as_millis();
        // The best move held from depth 1 to 6 with a steady score: settled.
        let mut st = Stability::default();
        st.update(None, 7, 50, 1);
        for d in 2..=6 {
            st.update(Some((7, 50)), 7, 50, d);
        }
        assert_eq!(ms(&st, 100), 600);
        assert_eq!(ms(&st, 50), 800);
        assert_eq!(ms(&st, 0), 1000);
        assert_eq!(
            st.scale(soft, 100, false).as_millis(),
            1000,
            "nothing banked"
        );
        // It changes at depth 7: twice as long, more when the score also falls.
        st.update(Some((7, 50)), 9, 50, 7);
        assert_eq!(ms(&st, 100), 2000);
        let mut falling = Stability::default();
        falling.update(Some((7, 50)), 9, -250, 7);
        assert_eq!(ms(&falling, 100), 2500);
        // Mate scores do not count as a fall.
        let mut mated = Stability::default();
        mated.update(Some((7, 50)), 7, loss_in(5), 3);
        assert_eq!(ms(&mated, 100), 1000);
    }

    /// A search whose time is already up stops within two clock checks (the root VCF's
    /// and depth 1's) and still gives a legal move. The soak lost a renju game on time
    /// when the clock was read every 1024 nodes: at about 170k renju nodes a second
    /// that overran a 17 ms limit by 7 ms.
    #[test]
    fn a_search_out_of_time_stops_within_two_clock_checks() {
        for bp in crate::bench::POSITIONS {
            let board = crate::bench::board_of(bp);
            let mut s = Searcher::new(1 << 20);
            let limits = Limits {
                start: Instant::now(),
                soft: Some(Duration::ZERO),
                hard: Some(Duration::ZERO),
                depth: None,
                nodes: None,
            };
            let r = s.search(&board, &limits, &AtomicBool::new(false)).unwrap();
            assert!(board.is_legal(r.best), "{}: {}", bp.name, r.best);
            // Two checks 256 nodes apart, and the calls that see the flag on the way out.
            assert!(r.nodes <= 2 * 256 + 8, "{}: {} nodes", bp.name, r.nodes);
        }
    }
}
