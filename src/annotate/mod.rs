//! Mac Hack's view of positions and games, for the command line and the scope page:
//! `suite` measures how well the plausible move generator ranks a test suite's best moves.

pub mod suite;
