// Draws every chart placeholder (a figure with data-chart: title, dates, series) with uPlot, served locally. A series
// with axis "right" is drawn against its own scale, labelled on the right (a rate or a size beside counts).
import uPlot from "./uplot.js";

const COLORS = ["#2f6fde", "#d9822b", "#3aa757", "#a23bc4"];

for (const figure of document.querySelectorAll("figure[data-chart]")) {
  const { dates, series } = JSON.parse(figure.dataset.chart);
  const xs = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000);
  const hasRight = series.some((line) => line.axis === "right");
  const options = {
    width: Math.max(Math.min(figure.clientWidth, 760), 320),
    height: 220,
    scales: { x: { time: true }, y: {}, ...(hasRight ? { right: {} } : {}) },
    axes: [{}, {}, ...(hasRight ? [{ scale: "right", side: 1, grid: { show: false } }] : [])],
    series: [
      {},
      ...series.map((line, index) => ({
        label: line.label,
        scale: line.axis === "right" ? "right" : "y",
        stroke: COLORS[index % COLORS.length],
        width: 2,
        points: { show: false },
      })),
    ],
  };
  new uPlot(
    options,
    [xs, ...series.map((line) => line.values)],
    figure,
  );
}
