//! The order of play, fixed before the first game: for each game pair index, for each
//! pairing of engines (round robin: every two engines; gauntlet: the first against each
//! other), two games with the same opening and swapped colours.

use crate::cli::TournamentKind;

/// One game of the schedule, before its opening is known.
#[derive(Clone, Copy, Debug)]
pub struct ScheduledGame {
    pub number: usize,
    pub pairing: usize,
    pub pair: usize,
    pub white: usize,
    pub black: usize,
}

/// Every game in playing order.
pub fn schedule(
    kind: TournamentKind,
    engines: usize,
    games_per_pairing: u32,
) -> Vec<ScheduledGame> {
    let pairings: Vec<(usize, usize)> = match kind {
        TournamentKind::RoundRobin => {
            (0..engines).flat_map(|a| (a + 1..engines).map(move |b| (a, b))).collect()
        }
        TournamentKind::Gauntlet => (1..engines).map(|b| (0, b)).collect(),
    };
    let games = games_per_pairing as usize;
    let mut list = Vec::new();
    for pair in 0..games.div_ceil(2) {
        for (pairing, &(first, second)) in pairings.iter().enumerate() {
            for game_in_pair in 0..2 {
                if pair * 2 + game_in_pair >= games {
                    break;
                }
                let (white, black) =
                    if game_in_pair == 0 { (first, second) } else { (second, first) };
                list.push(ScheduledGame { number: list.len() + 1, pairing, pair, white, black });
            }
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_schedule() {
        let games = schedule(TournamentKind::RoundRobin, 3, 2);
        let pairs: Vec<(usize, usize)> = games.iter().map(|g| (g.white, g.black)).collect();
        assert_eq!(pairs, [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]);
        assert!(games.iter().all(|g| g.pair == 0));
        assert_eq!(games.iter().map(|g| g.number).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn gauntlet_and_odd_game_counts() {
        let games = schedule(TournamentKind::Gauntlet, 3, 3);
        let seen: Vec<(usize, usize, usize)> =
            games.iter().map(|g| (g.pair, g.white, g.black)).collect();
        assert_eq!(seen, [(0, 0, 1), (0, 1, 0), (0, 0, 2), (0, 2, 0), (1, 0, 1), (1, 0, 2)]);
    }
}
