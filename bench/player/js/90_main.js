/* 90_main.js — placeholder until the page lands */
