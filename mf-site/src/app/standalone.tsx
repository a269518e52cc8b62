import './app'
