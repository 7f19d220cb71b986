//! The search's tunables ([`Params`]) and where each switch is on.

use crate::board::Board;
use crate::types::Rule;

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
    pub(super) fn on_for(switch: i32, board: &Board, rules: &[Rule]) -> bool {
        Params::on_for_sizes(switch, board, rules, &[])
    }

    /// The same, with 1 also turning the switch on for boards larger than 15x15
    /// under `large_rules`.
    pub(super) fn on_for_sizes(
        switch: i32,
        board: &Board,
        rules: &[Rule],
        large_rules: &[Rule],
    ) -> bool {
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

/// The rules under which `useless_fours` 1 turns the switch on.
pub(super) const USELESS_FOUR_RULES: [Rule; 2] = [Rule::Freestyle, Rule::Caro];

/// The rules under which `four_three_guard` 1 turns the switch on.
pub(super) const FOUR_THREE_RULES: [Rule; 1] = [Rule::Renju];

/// The rules under which `three_lines` 1 turns the switch on.
pub(super) const THREE_LINE_RULES: [Rule; 0] = [];

/// The rules under which `plain_blocks`, `lmr_fours` and `lmr_early` 1 turn the
/// switches on, on boards up to 15x15 (the lean set, see [`Params::lmr_early`]) ...
pub(super) const LEAN_RULES: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

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
pub(super) const LEAN_LARGE_RULES: [Rule; 4] =
    [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

/// The rules under which the aspiration window is `aspiration_wide`, on boards up
/// to 15x15.
pub(super) const ASPIRATION_WIDE_RULES: [Rule; 2] = [Rule::Standard, Rule::Renju];

/// ... and on larger boards.
pub(super) const ASPIRATION_WIDE_LARGE_RULES: [Rule; 3] =
    [Rule::Freestyle, Rule::Standard, Rule::Renju];

/// The rules under which `threat_mask` 1 turns the switch on, on boards up to 15x15 ...
pub(super) const THREAT_MASK_RULES: [Rule; 4] =
    [Rule::Freestyle, Rule::Standard, Rule::Caro, Rule::Renju];
/// ... and on larger boards.
pub(super) const THREAT_MASK_LARGE_RULES: [Rule; 4] =
    [Rule::Freestyle, Rule::Standard, Rule::Caro, Rule::Renju];

/// The rules under which `probcut` 1 turns the switch on, on boards up to 15x15.
pub(super) const PROBCUT_RULES: [Rule; 3] = [Rule::Caro, Rule::Standard, Rule::Renju];

/// The rules under which `quick_win` 1 turns the switch on, on boards up to 15x15.
pub(super) const QUICK_WIN_RULES: [Rule; 1] = [Rule::Freestyle];

/// The rules under which `cont_attack` 1 turns the switch on, on boards up to 15x15.
pub(super) const CONT_ATTACK_RULES: [Rule; 1] = [Rule::Freestyle];

/// The rules under which `mcp` 1 turns move count pruning on, on boards up to 15x15 ...
pub(super) const MCP_RULES: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

/// ... and on larger boards. Renju 20x20 (with the lean set, the wide window and the
/// forced extension), on against off at 100 ms/move (game pairs, SPRT 0/10): 1528
/// games, 764 pairs [103, 0, 513, 0, 148], +20.5 Elo [+6.4, +34.6], H1. Caro 20x20
/// (with the lean set and the deeper late move pruning), the same: 746 games, 373
/// pairs [48, 2, 231, 1, 91], +39.8 [+18.4, +61.4], H1.
pub(super) const MCP_LARGE_RULES: [Rule; 4] =
    [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

/// The rules under which `countermove` 1 turns the switch on, on boards up to 15x15 ...
pub(super) const COUNTERMOVE_RULES: [Rule; 2] = [Rule::Freestyle, Rule::Standard];

/// ... and on larger boards.
pub(super) const COUNTERMOVE_LARGE_RULES: [Rule; 1] = [Rule::Standard];

/// The rules under which `lmp_deeper` 1 turns the switch on, on boards up to 15x15.
pub(super) const LMP_DEEPER_RULES: [Rule; 2] = [Rule::Standard, Rule::Caro];

/// ... and on larger boards.
pub(super) const LMP_DEEPER_LARGE_RULES: [Rule; 1] = [Rule::Caro];

/// The rules under which `tt_eval` 1 turns the switch on, on boards up to 15x15 ...
pub(super) const TT_EVAL_RULES: [Rule; 4] =
    [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

/// ... and on larger boards. Caro 20x20, 2 against 1 at 100 ms/move (game pairs, SPRT
/// 0/10): 850 games, 425 pairs [103, 3, 249, 1, 69], -28.7 Elo [-49.9, -7.7], H0.
pub(super) const TT_EVAL_LARGE_RULES: [Rule; 1] = [Rule::Standard];

/// The rules where `forced_ext` 1 extends every forced block on boards up to 15x15
/// (see [`Params::forced_ext`]).
pub(super) const FORCED_EXT_RULES: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

/// The same on boards larger than 15x15.
pub(super) const FORCED_EXT_LARGE_RULES: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

/// Whether the board has at most 15x15 cells: the size the small-board switch lists
/// (and `lmr_threes_from`) were tested on.
pub(super) fn up_to_15x15(board: &Board) -> bool {
    !board.larger_than_15x15()
}

/// The rule whose tuning a search under `rule` takes: standard caro (exactly five,
/// rule 9, which the Gomocup caro league's description matches) plays as caro (rule
/// 8), as its games are the same but for overlines; the switches' rule lists name
/// only caro.
pub(super) fn tuned_rule(rule: Rule) -> Rule {
    match rule {
        Rule::CaroStandard => Rule::Caro,
        r => r,
    }
}
