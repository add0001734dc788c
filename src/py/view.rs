//! `PlayerView`: what one seat of a hand may know, for Python strategies.
//! Built without a Python object per card: lists are made when read.

use std::cell::RefCell;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::args::{int_arg, int_in};
use super::cards::card_list;
use super::events::{action_list, event_list};
use super::hand::PyHand;
use super::rules::PyRules;
use super::tables::zeros;
use crate::hand::{checked_seat, Hand};
use crate::view::PlayerView;

/// What one seat of a hand may know: its own down cards, every up card and
/// the community card, stacks, bets, pot, folded and all-in flags, street,
/// actor, legal actions, to_call, and the history with others' down cards
/// (and burns) left out. It holds no reference to the hand and cannot act;
/// `determinize(seed)` deals a `Hand` consistent with it, for search.
#[pyclass(eq, name = "PlayerView", module = "razz_fast")]
#[derive(PartialEq)]
pub struct PyPlayerView {
    /// Empty only while the object waits, held by nothing but this thread's
    /// spare slot, to be filled for the next decision (`handed`).
    inner: Option<PlayerView>,
}

impl From<PlayerView> for PyPlayerView {
    fn from(inner: PlayerView) -> PyPlayerView {
        PyPlayerView { inner: Some(inner) }
    }
}

thread_local! {
    /// The view object last handed to a per-decision strategy on this
    /// thread, emptied, when the strategy kept no reference to it.
    static SPARE: RefCell<Option<Py<PyPlayerView>>> = const { RefCell::new(None) };
}

impl PyPlayerView {
    pub(super) fn view(&self) -> &PlayerView {
        self.inner
            .as_ref()
            .expect("a view is emptied only while nothing else holds it")
    }

    /// `hand.view(seat)` and `tables.view(table, seat)`: the view of `seat`
    /// (an int, or None for the actor).
    pub fn of(hand: &Hand, seat: Option<&Bound<'_, PyAny>>) -> PyResult<PyPlayerView> {
        let seat = match seat {
            Some(s) if !s.is_none() => Some(checked_seat(int_arg(s, "seat")?, hand.num_players())?),
            _ => None,
        };
        Ok(PyPlayerView::from(PlayerView::of(hand, seat)?))
    }

    /// `view` as a Python object for a strategy: the spare object when
    /// there is one, else a new one. A simulation takes a view at every
    /// decision, and most strategies drop it when they return: reusing
    /// the object spares an allocation, its zeroing and its release.
    pub fn handed(py: Python<'_>, view: PlayerView) -> PyResult<Bound<'_, PyPlayerView>> {
        match SPARE.with_borrow_mut(Option::take) {
            // SAFETY (the count): a live object, read while attached. The
            // slot's is the one reference `keep` left, and the object is
            // out of the collector's list meanwhile, so no other thread
            // (`gc.get_objects()`) can have taken one since; checked all
            // the same, as a view someone holds must never change.
            Some(spare) if unsafe { pyo3::ffi::Py_REFCNT(spare.as_ptr()) } == 1 => {
                let spare = spare.into_bound(py);
                spare.borrow_mut().inner = Some(view);
                // SAFETY: `keep` untracked it, and nothing tracked it
                // again (tracking twice is a fatal error in CPython): the
                // filled view is back where the collector sees it, as any.
                unsafe { pyo3::ffi::PyObject_GC_Track(spare.as_ptr().cast()) };
                Ok(spare)
            }
            // (Held elsewhere after all: left to its holder, never refilled.)
            _ => Bound::new(py, PyPlayerView::from(view)),
        }
    }

    /// After the strategy returned: if it kept no reference to `object`,
    /// the object is emptied (its hold on the hand's history goes now, or
    /// the hand would copy its history at its next event) and kept as the
    /// spare; otherwise it stays as it is, the strategy's.
    ///
    /// The spare is taken off the garbage collector's list while it is
    /// empty: another thread walking `gc.get_objects()` during a run could
    /// otherwise reach it, read an emptied view, and hold it while the next
    /// decision refilled it under its feet.
    pub fn keep(object: Bound<'_, PyPlayerView>) {
        // SAFETY: a live object (borrowed), read while attached. (A count of
        // one is our own `object`: a strategy that kept the view, in a
        // variable, a list or a frame, holds a strong reference of its own,
        // and so does a thread that found it through `gc.get_objects()`
        // while the strategy ran; the build is never free-threaded, abi3
        // wheels do not load there.) No Python code runs from the check to
        // the untracking, so no thread can take a reference in between.
        if unsafe { pyo3::ffi::Py_REFCNT(object.as_ptr()) } == 1 {
            object.borrow_mut().inner = None;
            // SAFETY: a live GC object (PyO3 gives every pyclass the GC
            // flag); untracking an untracked object is allowed.
            unsafe { pyo3::ffi::PyObject_GC_UnTrack(object.as_ptr().cast()) };
            let old = SPARE.with_borrow_mut(|spare| spare.replace(object.unbind()));
            // (A spare left by a nested run, if any, goes once the slot is
            // free: its release runs no Python code of ours, but not under
            // the borrow all the same.)
            drop(old);
        }
    }
}

fn flags(n: usize, on: impl Fn(usize) -> bool) -> Vec<bool> {
    (0..n).map(on).collect()
}

#[pymethods]
impl PyPlayerView {
    /// The seat whose view this is.
    #[getter]
    fn seat(&self) -> usize {
        self.view().seat()
    }
    /// How many seats are dealt in, 2 to 8.
    #[getter]
    fn num_players(&self) -> usize {
        self.view().num_players()
    }
    /// The Rules the hand is played under.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            inner: *self.view().rules(),
        }
    }
    /// 3 to 7 while betting, None once the hand is over.
    #[getter]
    fn street(&self) -> Option<u8> {
        self.view().street()
    }
    /// The seat to act now; None once the hand is over.
    #[getter]
    fn actor(&self) -> Option<usize> {
        self.view().actor()
    }
    /// Whether the hand has finished, by a fold-out or a showdown.
    #[getter]
    fn is_over(&self) -> bool {
        self.view().is_over()
    }
    /// Chips the actor needs to call.
    #[getter]
    fn to_call(&self) -> u64 {
        self.view().to_call()
    }
    /// Every chip put in this hand so far: antes and bets, less chips returned.
    #[getter]
    fn pot(&self) -> u64 {
        self.view().pot()
    }
    /// Each seat's chips behind, now.
    #[getter]
    fn stacks(&self) -> Vec<u64> {
        self.view().stacks().to_vec()
    }
    /// Each seat's stack before the antes.
    #[getter]
    fn starting_stacks(&self) -> Vec<u64> {
        self.view().starting_stacks().to_vec()
    }
    /// Each seat's chips put in on the current betting round.
    #[getter]
    fn bets(&self) -> Vec<u64> {
        self.view().bets().to_vec()
    }
    /// Whether each seat has folded.
    #[getter]
    fn folded(&self) -> Vec<bool> {
        flags(self.view().num_players(), |s| self.view().folded(s))
    }
    /// Whether each seat still in the hand has no chips behind.
    #[getter]
    fn all_in(&self) -> Vec<bool> {
        flags(self.view().num_players(), |s| self.view().all_in(s))
    }
    /// The seventh-street card dealt face up for every seat when the deck
    /// cannot give each its own; usually empty.
    #[getter]
    fn community_cards(&self) -> Vec<u32> {
        card_list(self.view().community_cards())
    }
    /// Net chips per seat once the hand is over; zeros before.
    #[getter]
    fn payoffs(&self) -> Vec<i64> {
        self.view().payoffs().to_vec()
    }
    /// The history as `Event`s; cards the seat has not seen are left out
    /// (an empty `cards`).
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        event_list(py, &self.view().history())
    }

    /// The Actions the actor may take now, in Action order; empty once the hand
    /// is over.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        action_list(py, self.view().legal_actions())
    }

    /// The face-up cards dealt to `seat` so far, in the order dealt.
    fn up_cards(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let seat = checked_seat(int_arg(seat, "seat")?, self.view().num_players())?;
        Ok(card_list(self.view().up_cards(seat)))
    }

    /// The seat's own down cards; another seat's only once shown (else []).
    fn down_cards(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let seat = checked_seat(int_arg(seat, "seat")?, self.view().num_players())?;
        Ok(card_list(self.view().down_cards(seat)))
    }

    /// The view encoded for neural networks, a float32 array (FEATURES,):
    /// what `Tables.features()` gives a table's row (layout in
    /// [bots](TABLES.md)), with this seat in the actor's place; its legal
    /// actions and to_call are its own (none and 0 unless it is to act).
    /// The actor's view gives its table's row exactly.
    fn features<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let features = self.view().features();
        // (numpy's MemoryError when it cannot have the array, not a panic.)
        let array = zeros::<f32, _>(py, features.len())?;
        array
            .try_readwrite()?
            .as_slice_mut()?
            .copy_from_slice(&features);
        Ok(array)
    }

    /// A `Hand` consistent with this view: the same stacks, seen cards and
    /// actions, every card the seat has not seen dealt at random from the
    /// unseen ones (`seed`: 0..2**64-1).
    fn determinize(&self, py: Python<'_>, seed: &Bound<'_, PyAny>) -> PyResult<PyHand> {
        let seed = int_in(seed, "seed", 0, u64::MAX)?;
        let (hand, deck) = self.view().determinize(seed)?;
        let rules = Py::new(py, self.rules())?;
        Ok(PyHand::dealt(hand, rules, deck))
    }

    /// Pickles as a hand dealt from the view alone (`determinize(0)`) and
    /// the seat, whose view `razz_fast._pickle` takes again: the pickle
    /// holds nothing the seat has not seen, so a view sent to another
    /// process (a bot's worker) carries no hidden card with it.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = py.import("razz_fast._pickle")?.getattr("_view")?;
        let (hand, deck) = self.view().determinize(0)?;
        let hand = PyHand::dealt(hand, Py::new(py, self.rules())?, deck);
        let args = (hand, self.view().seat());
        PyTuple::new(py, [rebuild, args.into_pyobject(py)?.into_any()])
    }

    /// Views never change, but the core may empty an object it handed to a
    /// strategy that kept no reference to it, so a copy is a new object.
    fn __copy__(&self) -> PyPlayerView {
        PyPlayerView::from(self.view().clone())
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPlayerView {
        self.__copy__()
    }

    fn __repr__(&self) -> String {
        let v = self.view();
        format!(
            "<PlayerView seat {} of {}, street {}, actor {}, pot {}>",
            v.seat(),
            v.num_players(),
            v.street().map_or("over".into(), |s| s.to_string()),
            v.actor().map_or("None".into(), |a| a.to_string()),
            v.pot()
        )
    }
}
