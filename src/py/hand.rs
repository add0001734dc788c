//! `Hand`: one razz hand stepped action by action from Python. Mutable and
//! not meant to be shared between threads without a lock (PyO3's borrow
//! checking turns concurrent use into an error, never a data race).

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyNone, PyTuple, PyType};

use super::args::{index_of, int_arg, int_in, int_text, not_both, sequence_items, unordered};
use super::cards::{card_list, extract_cards};
use super::errors::type_error;
use super::events::{action_list, event_list, member_action, shared_type};
use super::rules::{rules_arg, PyRules};
use super::view::PyPlayerView;
use crate::card::{Card, DECK_SIZE};
use crate::error::Error;
use crate::event::Action;
use crate::hand::{check_stacks, checked_seat, DeckSource, Hand};
use crate::view::action_of;

const DECK_ORDERED: &str = "a deck must be in dealing order, not a set";

static POT: PyOnceLock<Py<PyType>> = PyOnceLock::new();

fn seats(mask: u8, n: usize) -> Vec<usize> {
    (0..n).filter(|&s| mask & (1 << s) != 0).collect()
}

/// Hand(rules, stacks, *, seed=None, deck=None)
///
/// A new razz hand: antes are posted and third street is dealt. `deck` is an
/// explicit order of all 52 cards; otherwise cards come from a generator
/// seeded by `seed` (random when None).
#[pyclass(name = "Hand", module = "razz_fast")]
pub struct PyHand {
    inner: Hand,
    rules: Py<PyRules>,
    /// The explicit deck it was built with, for pickling (the core's own
    /// copy is overwritten if the burns are reshuffled).
    given_deck: Option<[Card; DECK_SIZE]>,
}

impl PyHand {
    /// Wraps a core hand dealt from its seed (a recorded simulated hand).
    pub(crate) fn seeded(inner: Hand, rules: Py<PyRules>) -> PyHand {
        PyHand {
            inner,
            rules,
            given_deck: None,
        }
    }

    /// Wraps a core hand dealt from `deck` (a determinized view).
    pub(crate) fn dealt(inner: Hand, rules: Py<PyRules>, deck: [Card; DECK_SIZE]) -> PyHand {
        PyHand {
            inner,
            rules,
            given_deck: Some(deck),
        }
    }
}

/// What a second thread using one `Hand` gets (PyO3's own error would say
/// only "Already borrowed").
const IN_USE: &str = "this Hand is in use by another thread (a Hand is not thread-safe): \
guard it with a lock, or give each thread its own hand.clone()";

/// Plays `action` on the hand, which no other thread may be using.
fn step(slf: &Bound<'_, PyHand>, action: Action) -> PyResult<()> {
    let mut hand = slf
        .try_borrow_mut()
        .map_err(|_| PyRuntimeError::new_err(IN_USE))?;
    Ok(hand.inner.act(action)?)
}

#[pymethods]
impl PyHand {
    #[new]
    #[pyo3(signature = (rules, stacks, *, seed=None, deck=None))]
    fn new(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        deck: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyHand> {
        let rules = rules_arg(rules)?;
        let items = sequence_items(stacks, "stacks")?;
        let values = items
            .iter()
            .map(|s| int_arg(s, "a stack"))
            .collect::<PyResult<Vec<i128>>>()?;
        // Checked before the seed and deck, in signature order.
        check_stacks(&values)?;
        let chips: Vec<u64> = values.iter().map(|&v| v as u64).collect();
        let seed = seed.filter(|s| !s.is_instance_of::<PyNone>());
        let deck = deck.filter(|d| !d.is_instance_of::<PyNone>());
        not_both(
            seed.is_some(),
            deck.is_some(),
            "give a seed or a deck, not both",
        )?;
        let mut given_deck = None;
        let source = match (seed, deck) {
            (_, Some(deck)) => {
                // The same TypeError as the reference.
                if unordered(deck) {
                    return Err(type_error(DECK_ORDERED, deck));
                }
                let cards = extract_cards(deck)?;
                let cards: [Card; DECK_SIZE] =
                    cards.as_slice().try_into().map_err(|_| Error::CardCount {
                        what: "a deck",
                        expected: "exactly 52",
                        got: cards.len(),
                    })?;
                given_deck = Some(cards);
                DeckSource::Cards(cards)
            }
            (Some(seed), None) => DeckSource::Seed(int_in(seed, "seed", 0, u64::MAX)?),
            (None, None) => {
                let bytes: Vec<u8> = py.import("os")?.call_method1("urandom", (8,))?.extract()?;
                DeckSource::Seed(u64::from_le_bytes(bytes.try_into().unwrap_or([0; 8])))
            }
        };
        let inner = Hand::new(rules.get().inner, &chips, source)?;
        Ok(PyHand {
            inner,
            rules: rules.unbind(),
            given_deck,
        })
    }

    /// The Rules the hand is played under.
    #[getter]
    fn rules(&self, py: Python<'_>) -> Py<PyRules> {
        self.rules.clone_ref(py)
    }
    /// How many seats are dealt in, 2 to 8.
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }
    /// The seed of the deck's generator; None for a hand dealt from an explicit
    /// deck.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.inner.seed()
    }
    /// The street being bet, 3 to 7; None once the hand is over.
    #[getter]
    fn street(&self) -> Option<u8> {
        self.inner.street()
    }
    /// The seat to act now; None once the hand is over.
    #[getter]
    fn actor(&self) -> Option<usize> {
        self.inner.actor()
    }
    /// Chips a call puts in now (all of a shorter stack: all-in); 0 when
    /// nothing is owed.
    #[getter]
    fn to_call(&self) -> u64 {
        self.inner.to_call()
    }
    /// Each seat's chips behind, now.
    #[getter]
    fn stacks(&self) -> Vec<u64> {
        self.inner.stacks().to_vec()
    }
    /// Each seat's stack before the antes.
    #[getter]
    fn starting_stacks(&self) -> Vec<u64> {
        self.inner.starting_stacks().to_vec()
    }
    /// Each seat's chips put in on the current betting round.
    #[getter]
    fn bets(&self) -> Vec<u64> {
        self.inner.bets().to_vec()
    }
    /// Every chip put in this hand so far: antes and bets, less chips returned.
    #[getter]
    fn pot(&self) -> u64 {
        self.inner.pot()
    }
    /// Whether each seat has folded.
    #[getter]
    fn folded(&self) -> Vec<bool> {
        (0..self.inner.num_players())
            .map(|s| self.inner.folded(s))
            .collect()
    }
    /// Whether each seat still in the hand has no chips behind.
    #[getter]
    fn all_in(&self) -> Vec<bool> {
        (0..self.inner.num_players())
            .map(|s| self.inner.all_in(s))
            .collect()
    }
    /// The seventh-street card dealt face up for every seat when the deck
    /// cannot give each its own; usually empty.
    #[getter]
    fn community_cards(&self) -> Vec<u32> {
        card_list(self.inner.community_cards())
    }
    /// Whether the hand has finished, by a fold-out or a showdown.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }
    /// Each seat's net chips once the hand is over (all zeros before); they sum
    /// to zero.
    #[getter]
    fn payoffs(&self) -> Vec<i64> {
        self.inner.payoffs()[..self.inner.num_players()].to_vec()
    }
    /// The seats that showed their cards, in the order they showed; empty
    /// without a showdown.
    #[getter]
    fn showdown_order(&self) -> Vec<usize> {
        self.inner
            .showdown_order()
            .iter()
            .map(|&s| s as usize)
            .collect()
    }

    /// Main pot first, then side pots, as `razz_fast.Pot` tuples.
    #[getter]
    fn pots<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let pot = shared_type(py, &POT, "Pot")?;
        let n = self.inner.num_players();
        self.inner
            .pots()
            .iter()
            .map(|p| {
                let eligible = PyTuple::new(py, seats(p.eligible, n))?;
                let winners = PyTuple::new(py, seats(p.winners, n))?;
                pot.call1((p.amount, eligible, winners))
            })
            .collect()
    }

    /// Every event so far, as `razz_fast.Event` tuples.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        event_list(py, self.inner.history())
    }

    /// The Actions the actor may take now, in Action order; empty once the hand
    /// is over.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        action_list(py, self.inner.legal_actions())
    }

    /// What one seat may know (default: the actor), as a `PlayerView`.
    #[pyo3(signature = (seat=None))]
    fn view(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<PyPlayerView> {
        PyPlayerView::of(&self.inner, seat)
    }

    /// The face-up cards dealt to `seat` so far, in the order dealt.
    fn up_cards(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let seat = checked_seat(int_arg(seat, "seat")?, self.inner.num_players())?;
        Ok(card_list(self.inner.up_cards(seat)))
    }

    /// The face-down cards dealt to `seat` so far, in the order dealt (the
    /// engine sees every card: hide them from a player's view yourself).
    fn down_cards(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let seat = checked_seat(int_arg(seat, "seat")?, self.inner.num_players())?;
        Ok(card_list(self.inner.down_cards(seat)))
    }

    /// Takes an `Action` (or its int value); an illegal one raises
    /// IllegalActionError and leaves the hand unchanged.
    fn act(slf: &Bound<'_, Self>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Some(action) = member_action(action) {
            return step(slf, action);
        }
        // Converted before the hand is borrowed: `__index__` is Python code,
        // during which another thread may run.
        let Some(action) = index_of(action)? else {
            return Err(type_error("action must be an Action or an int", action));
        };
        let action = action
            .extract::<i64>()
            .ok()
            .and_then(Action::from_index)
            .ok_or_else(|| {
                Error::IllegalAction(format!("{} is not an Action", int_text(action.as_any())))
            })?;
        step(slf, action)
    }

    /// The actor folds: act(Action.FOLD). IllegalActionError if it may not; the
    /// hand is then unchanged.
    fn fold(slf: &Bound<'_, Self>) -> PyResult<()> {
        step(slf, Action::Fold)
    }
    /// The actor checks: act(Action.CHECK). IllegalActionError if it may not;
    /// the hand is then unchanged.
    fn check(slf: &Bound<'_, Self>) -> PyResult<()> {
        step(slf, Action::Check)
    }
    /// The actor calls: act(Action.CALL). IllegalActionError if it may not; the
    /// hand is then unchanged.
    fn call(slf: &Bound<'_, Self>) -> PyResult<()> {
        step(slf, Action::Call)
    }
    /// The actor posts the bring-in: act(Action.BRING_IN). IllegalActionError
    /// if it may not; the hand is then unchanged.
    fn bring_in(slf: &Bound<'_, Self>) -> PyResult<()> {
        step(slf, Action::BringIn)
    }
    /// The actor completes the bring-in to a small bet: act(Action.COMPLETE).
    /// IllegalActionError if it may not; the hand is then unchanged.
    fn complete(slf: &Bound<'_, Self>) -> PyResult<()> {
        step(slf, Action::Complete)
    }
    /// The actor bets: act(Action.BET). IllegalActionError if it may not; the
    /// hand is then unchanged.
    fn bet(slf: &Bound<'_, Self>) -> PyResult<()> {
        step(slf, Action::Bet)
    }
    /// The actor raises (raise is a Python keyword): act(Action.RAISE).
    /// IllegalActionError if it may not; the hand is then unchanged.
    fn raise_(slf: &Bound<'_, Self>) -> PyResult<()> {
        step(slf, Action::Raise)
    }

    /// An independent copy (for search and for tests).
    fn clone(&self, py: Python<'_>) -> PyHand {
        PyHand {
            inner: self.inner.clone(),
            rules: self.rules.clone_ref(py),
            given_deck: self.given_deck,
        }
    }

    /// Pickles as what rebuilds it: the rules, starting stacks, seed or deck,
    /// and the actions taken so far, replayed by `razz_fast._pickle`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = py.import("razz_fast._pickle")?.getattr("_hand")?;
        let actions: Vec<u8> = self
            .inner
            .history()
            .iter()
            .filter_map(|e| action_of(e.kind))
            .map(|a| a as u8)
            .collect();
        let deck = self.given_deck.map(|d| d.to_vec());
        let args = (
            self.rules.clone_ref(py),
            self.inner.starting_stacks().to_vec(),
            self.inner.seed(),
            deck,
            actions,
        );
        PyTuple::new(py, [rebuild, args.into_pyobject(py)?.into_any()])
    }

    fn __copy__(&self, py: Python<'_>) -> PyHand {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyHand {
        self.clone(py)
    }

    fn __repr__(&self) -> String {
        let h = &self.inner;
        match h.street() {
            Some(street) => format!(
                "<Hand {} players, street {street}, actor {}, pot {}>",
                h.num_players(),
                h.actor().map_or("None".to_string(), |a| a.to_string()),
                h.pot()
            ),
            None => format!(
                "<Hand {} players, over, payoffs {:?}>",
                h.num_players(),
                &h.payoffs()[..h.num_players()]
            ),
        }
    }
}
